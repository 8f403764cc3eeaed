from cranehire import Fleet


def test_two_out_one_back():
    f = Fleet({"North": ["N1", "N2", "N3"], "South": ["S1", "S2"]})
    f.hire_out("North")
    f.hire_out("North")
    f.hire_out("South")
    f.check_in("N1")
    assert f.out_from("North") == 1
    f.hire_out("South")
    assert f.busiest() == "South"
    f.check_in("S1")
    f.check_in("S2")
    assert f.busiest() == "North"
    assert f.standing() == {"North": 2, "South": 2}
