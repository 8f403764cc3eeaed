import negatives
from negatives import Archive


def test_print_list_on_another_platform(monkeypatch):
    monkeypatch.setattr(negatives.os, "sep", ":")
    archive = Archive()
    archive.add(2, "FP4", frames=12).mark(5, 1)
    archive.add(1, "Delta 100", frames=12).mark(12)
    assert archive.print_list() == ["delta-100-0001:12.tif", "fp4-0002:01.tif", "fp4-0002:05.tif"]
    assert archive.keeper_ratio() == 0.125
