import pytest

from prefs import DEFAULTS, dumps, load, save


def test_unknown_preferences_are_refused(tmp_path):
    with pytest.raises(ValueError):
        save(tmp_path / "prefs.json", {"colour": "red"})


def test_a_missing_file_gives_the_defaults(tmp_path):
    assert load(tmp_path / "none.json") == DEFAULTS


def test_load_merges_over_the_defaults(tmp_path):
    (tmp_path / "prefs.json").write_text('{"theme": "dark"}', encoding="utf-8")
    assert load(tmp_path / "prefs.json") == {"theme": "dark", "font_size": 12, "tab_width": 4}


def test_the_file_format():
    assert dumps({"theme": "dark", "tab_width": 8}) == '{\n  "tab_width": 8,\n  "theme": "dark"\n}\n'


def test_save_then_load(tmp_path):
    save(tmp_path / "p.json", {"font_size": 14})
    assert load(tmp_path / "p.json") == {**DEFAULTS, "font_size": 14}
