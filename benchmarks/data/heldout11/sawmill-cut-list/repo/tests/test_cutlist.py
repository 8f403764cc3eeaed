import pytest

from cutlist import Cut, CutList, parse_line


def test_metres_per_species():
    cl = CutList()
    cl.load("oak, 2.4, 10\n# joists\nlarch, 4.8, 5\nOak, 1.2, 4\n")
    assert cl.board_metres() == {"oak": 28.8, "larch": 24.0}
    assert cl.query_note() == ""


def test_lines_the_desk_must_check():
    cl = CutList()
    cl.load("oak, 2.4, 10\nteak, 2.0, 3\nash, two, 1\nash, 3.0, 2")
    assert cl.errors == 2
    assert cl.query_note() == "check lines 2, 3"


def test_parse_line():
    assert parse_line(" Douglas Fir ,6,2") == Cut("douglas fir", 6.0, 2)
    with pytest.raises(ValueError):
        parse_line("spruce, 3.0, 0")
