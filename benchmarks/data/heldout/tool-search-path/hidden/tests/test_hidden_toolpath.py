import os

from toolpath import prepend, split_search_path


def test_prepend_moves_a_folder_first():
    value = os.pathsep.join(["/a", "/b", "/c"])
    assert prepend(value, "/b") == os.pathsep.join(["/b", "/a", "/c"])


def test_split_follows_the_platform_separator(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ";")
    assert split_search_path(r"C:\bin;D:\tools") == [r"C:\bin", r"D:\tools"]


def test_split_with_a_colon_separator(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ":")
    assert split_search_path("/x::/y:") == ["/x", "/y"]
