import os

import pytest

from labels import DEFAULT_FOLDER, CoverLabel, LabelPrinter, search_path


def test_a_font_in_the_second_folder(tmp_path):
    first, second = tmp_path / "shop", tmp_path / "extra"
    first.mkdir()
    second.mkdir()
    (second / "Baskerville.ttf").write_bytes(b"font")
    printer = LabelPrinter({"BINDERY_FONT_PATH": f"{first}{os.pathsep}{second}"})
    assert printer.resolve(CoverLabel("Emma", "J. Austen", "Baskerville")) == second / "Baskerville.ttf"


def test_unset_means_the_default_folder():
    assert search_path({}) == [DEFAULT_FOLDER]


def test_a_missing_font(tmp_path):
    printer = LabelPrinter({"BINDERY_FONT_PATH": str(tmp_path)})
    with pytest.raises(FileNotFoundError):
        printer.resolve(CoverLabel("Emma", "J. Austen", "Nowhere"))


def test_label_lines():
    assert CoverLabel("Dracula", "B. Stoker").lines(12) == ["  DRACULA   ", " B. Stoker  "]
