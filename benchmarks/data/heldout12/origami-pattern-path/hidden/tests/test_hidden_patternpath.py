import os

from patternpath import ENV, PatternPath


def test_round_trip_on_this_system():
    path = PatternPath(["/srv/folds", "/home/kim/folds"])
    assert path.to_env() == {ENV: "/srv/folds" + os.pathsep + "/home/kim/folds"}
    assert PatternPath.from_env(path.to_env()).folders == path.folders


def test_to_env_with_a_colon_separator(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ":")
    assert PatternPath(["/x", "/y", "/x"]).to_env() == {ENV: "/x:/y"}


def test_three_folders_on_windows(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ";")
    path = PatternPath([r"C:\a", r"C:\b", r"E:\c"])
    assert path.to_env() == {ENV: r"C:\a;C:\b;E:\c"}
