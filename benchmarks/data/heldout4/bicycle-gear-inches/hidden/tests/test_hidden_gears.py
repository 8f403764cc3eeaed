from gears import duplicates, gear_table


def test_rounding_goes_up_as_well_as_down():
    assert gear_table([53], [11], wheel=26.0) == {(53, 11): 125.3}


def test_pairs_equal_after_rounding_are_duplicates():
    table = gear_table([39, 52], [21, 28], wheel=27.0)
    assert duplicates(table) == [[(39, 21), (52, 28)]]
