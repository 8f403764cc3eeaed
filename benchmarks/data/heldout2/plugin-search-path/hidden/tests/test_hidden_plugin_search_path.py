import os

from plugins import ENV_VAR, all_plugins, search_path


def test_earlier_folder_wins(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        d.mkdir()
        (d / "pdf.py").write_text("", encoding="utf-8")
    (b / "_private.py").write_text("", encoding="utf-8")
    env = {ENV_VAR: os.pathsep.join([str(a), str(tmp_path / "missing"), str(b)])}
    assert all_plugins(env) == {"pdf": str(a / "pdf.py")}


def test_the_platform_separator_is_used(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ";")
    assert search_path({ENV_VAR: "C:/one;D:/two"}) == ["C:/one", "D:/two"]
