from rental import group_quote, receipt


def test_club_rates_receipt():
    club = {"double kayak": 10.0}
    assert receipt("double kayak", 150, club) == [
        "double kayak 2.5 h",
        "rental     25.00",
        "deposit    50.00",
        "to pay     75.00",
    ]


def test_group_with_a_boat_only_in_the_club_table():
    club = {"kayak": 8.0, "pedalo": 9.0}
    assert group_quote(["kayak", "pedalo"], 60, club) == 17.0
    assert group_quote(["kayak", "canoe"], 60) == 32.0
