import pytest

from choir import Singer, UnknownPart, balance, roster


def test_stage_name_is_used():
    assert Singer("maria lopez", "alto", "  la voz ").label() == "La Voz"


def test_unknown_part():
    with pytest.raises(UnknownPart):
        Singer("Tom", "baritone")


def test_balance():
    s = [Singer("a", "alto", "A"), Singer("b", "bass", "B"), Singer("c", "alto", "C")]
    assert balance(s) == {"soprano": 0, "alto": 2, "tenor": 0, "bass": 1}


def test_plain_name_without_stage_name():
    assert Singer("john smith", "tenor").label() == "John Smith"


def test_roster_mixes_both():
    s = [Singer("zoe", "soprano"), Singer("amy", "soprano", "Diva")]
    assert roster(s) == {"soprano": ["Diva", "Zoe"]}
