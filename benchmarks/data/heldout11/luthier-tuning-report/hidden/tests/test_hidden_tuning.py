from tuning import TuningCheck


def test_out_of_tune_worst_first_both_directions():
    check = TuningCheck("guitar")
    check.add("A2", 110.0, 111.0)
    check.add("D3", 146.83, 146.0)
    check.add("B3", 246.94, 240.0)
    check.add("E4", 329.63, 330.0)
    assert check.out_of_tune() == ["B3", "A2", "D3"]


def test_off_by_is_never_negative():
    check = TuningCheck("cello")
    check.add("C2", 65.41, 64.0)
    check.add("G2", 98.0, 98.0)
    rows = check.report()
    assert [r["off_by"] for r in rows] == [-r["offset"] for r in rows]
    assert rows[1]["direction"] == "true"
