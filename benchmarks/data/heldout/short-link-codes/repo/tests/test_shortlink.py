import pytest

from shortlink import decode, encode, link


def test_encode_small_ids():
    assert encode(61) == "Z"
    assert encode(62) == "10"


def test_decode_is_the_inverse():
    for n in (1, 7, 62, 3843, 123456789):
        assert decode(encode(n)) == n


def test_bad_character():
    with pytest.raises(ValueError):
        decode("ab-c")


def test_the_first_id_has_a_code():
    assert link("https://s.example/", 0) == "https://s.example/0"
