import os
from datetime import datetime

from photoarchive import archive_path, by_folder, folder


def test_by_folder():
    pictures = [(datetime(2023, 12, 31), "a"), (datetime(2024, 1, 1), "b"), (datetime(2023, 12, 1), "c")]
    assert by_folder(pictures) == {os.path.join("2023", "12"): 2, os.path.join("2024", "01"): 1}


def test_full_path():
    path = archive_path("pics", datetime(2022, 7, 4, 9, 30, 15), "x.png")
    assert path == os.path.join("pics", "2022", "07", "20220704-093015-x.png")


def test_the_platform_separator_is_used(monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(os, "sep", "\\")
        got = folder(datetime(2021, 5, 1))
    assert got == "2021\\05"
