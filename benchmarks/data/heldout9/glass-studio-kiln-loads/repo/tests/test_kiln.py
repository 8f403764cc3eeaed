import pytest

from kiln import Kiln, Piece, pack_loads

VASE = Piece("Ana", "vase", 5.0, 10)
BOWL = Piece("Ben", "bowl", 4.0, 8)
LAMP = Piece("Cy", "lamp", 6.0, 14)


def test_a_piece_too_heavy_for_the_kiln_is_refused():
    with pytest.raises(ValueError):
        pack_loads([Piece("Dan", "column", 20.0, 30)])


def test_the_first_load_takes_what_fits():
    assert pack_loads([VASE, BOWL, LAMP])[0] == [VASE, BOWL]


def test_every_piece_gets_a_load():
    assert pack_loads([VASE, BOWL, LAMP]) == [[VASE, BOWL], [LAMP]]


def test_the_schedule_runs_each_load_as_long_as_its_slowest_piece():
    kiln = Kiln("K1")
    for piece in (VASE, BOWL, LAMP):
        kiln.add(piece)
    assert kiln.schedule() == [(10, ["vase", "bowl"]), (14, ["lamp"])]
