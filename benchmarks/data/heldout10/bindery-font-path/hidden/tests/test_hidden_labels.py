import os

import labels
from labels import search_path


def test_folders_in_order_blanks_dropped():
    value = os.pathsep.join(["/a", "", "/b", "/c"])
    assert [str(p) for p in search_path({"BINDERY_FONT_PATH": value})] == ["/a", "/b", "/c"]


def test_the_platform_separator_is_used(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ";")
    found = labels.search_path({"BINDERY_FONT_PATH": "C:/fonts;D:/more"})
    assert [p.as_posix() for p in found] == ["C:/fonts", "D:/more"]
