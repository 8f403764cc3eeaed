import os

from patternpath import ENV, PatternPath


def test_from_env():
    assert PatternPath.from_env({ENV: f"/a{os.pathsep}/b{os.pathsep}{os.pathsep}/a"}).folders == ["/a", "/b"]
    assert PatternPath.from_env({}).folders == []


def test_find_and_catalogue(tmp_path):
    first, second = tmp_path / "mine", tmp_path / "shared"
    first.mkdir()
    second.mkdir()
    (second / "crane.cp").write_text("")
    (second / "frog.cp").write_text("")
    (first / "crane.cp").write_text("")
    path = PatternPath([str(first), str(second)])
    assert path.find("crane") == first / "crane.cp"
    assert path.find("lily") is None
    assert path.catalogue() == ["crane", "frog"]


def test_to_env_on_windows(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ";")
    path = PatternPath([r"C:\folds", r"D:\shared"])
    assert path.to_env() == {ENV: r"C:\folds;D:\shared"}
    assert PatternPath.from_env(path.to_env()).folders == [r"C:\folds", r"D:\shared"]
