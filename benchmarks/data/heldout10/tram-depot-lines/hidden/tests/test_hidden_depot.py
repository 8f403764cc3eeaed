from depot import Depot


def test_one_of_two_trams_brought_in():
    depot = Depot(["T01", "T02", "T03"], {"9": 2})
    depot.fill_short_lines()
    depot.bring_in("T02")
    assert depot.on_line["9"] == 1
    assert depot.short_lines() == {"9": 1}


def test_every_tram_back_in_the_evening():
    depot = Depot(["A", "B", "C", "D"], {"1": 2, "3": 2})
    for tram in depot.fill_short_lines():
        depot.bring_in(tram)
    assert depot.short_lines() == {"1": 2, "3": 2}
    assert depot.in_depot == ["A", "B", "C", "D"]
