from kiln import Kiln, Piece, pack_loads


def test_an_empty_kiln_has_nothing_to_anneal():
    assert pack_loads([]) == []
    assert Kiln("K2").hours() == 0


def test_a_single_piece_is_one_load():
    cup = Piece("Eve", "cup", 1.0, 4)
    assert pack_loads([cup]) == [[cup]]
    kiln = Kiln("K3", limit_kg=2.0)
    kiln.add(cup)
    kiln.add(cup)
    kiln.add(cup)
    assert kiln.hours() == 8
