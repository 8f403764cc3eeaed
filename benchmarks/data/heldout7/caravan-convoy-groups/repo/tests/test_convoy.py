from convoy import Checkpoint, marshal_sheet


def build():
    cp = Checkpoint(max_gap_s=60)
    for plate, s in [("A1", 0), ("B2", 30), ("C3", 200), ("D4", 230), ("E5", 500)]:
        cp.log(plate, s)
    return cp


def test_last_convoy_is_listed():
    assert build().convoys() == [["A1", "B2"], ["C3", "D4"], ["E5"]]


def test_marshal_sheet_first_line():
    assert marshal_sheet(build())[0] == "convoy 1: A1, B2"


def test_largest():
    assert build().largest() == 2
