import pytest
import negatives
from negatives import Archive, Roll


def test_path_uses_the_platform_separator(monkeypatch):
    monkeypatch.setattr(negatives.os, "sep", "\\")
    assert Roll(7, "HP5 Plus").scan_path(3) == "hp5-plus-0007\\03.tif"


def test_folder_name():
    assert Roll(12, "Portra 400").folder() == "portra-400-0012"


def test_missing_frame():
    with pytest.raises(ValueError):
        Roll(1, "Tri-X", frames=24).scan_path(25)
