import pytest

from album import Album, Stamp

PENNY_BLACK = Stamp("Great Britain", 1840, "1")
BLUE = Stamp("Mauritius", 1847, "2")


def test_checklist():
    album = Album("ines")
    album.add(BLUE, used=True)
    album.add(PENNY_BLACK)
    assert album.checklist() == ["GR-1840-1 m1 u0", "MA-1847-2 m0 u1"]


def test_duplicates_and_counts():
    album = Album("ines")
    assert album.add(PENNY_BLACK) == 1
    assert album.add(PENNY_BLACK, used=True) == 2
    album.add(BLUE)
    assert album.duplicates() == [PENNY_BLACK]


def test_swap_out_needs_a_copy():
    album = Album("ines")
    album.add(BLUE)
    album.swap_out(BLUE)
    with pytest.raises(ValueError):
        album.swap_out(BLUE)


def test_by_decade():
    album = Album("ines")
    for stamp in (PENNY_BLACK, BLUE, Stamp("Canada", 1851, "4")):
        album.add(stamp)
    assert album.by_decade() == {1840: 2, 1850: 1}
