from tally import Tally


def test_a_header_only_sheet_and_blank_lines():
    assert Tally.parse("trestle,grade,count\n").bags == []
    tally = Tally.parse("trestle,grade,count\n\nT9,medium,80\n\nT3,large,20\n")
    assert tally.by_grade() == {"small": 0, "medium": 80, "large": 20}
    assert tally.share_large() == 20.0
