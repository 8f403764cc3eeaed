from pathlib import Path

from invoice import export, line

BUILD = Path(__file__).resolve().parent.parent / "build"


def test_line():
    assert line("tea", 1250) == "tea;12.50"


def test_export_into_the_build_folder():
    out = BUILD / "invoice.csv"
    assert export(["a;1.00", "b;2.00"], out) == 2
    assert out.read_text(encoding="utf-8").splitlines() == ["a;1.00", "b;2.00"]
