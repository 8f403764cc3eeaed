from cutlist import CutList


def test_rejected_lines_kept_with_their_numbers():
    cl = CutList()
    cl.load("\n# order 118\nspruce, 3.6\nash, 2.0, 6\nash, -1, 2\n")
    assert cl.rejected == [(3, "spruce, 3.6"), (5, "ash, -1, 2")]
    assert cl.query_note() == "check lines 3, 5"
    assert cl.board_metres() == {"ash": 12.0}
