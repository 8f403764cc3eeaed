from gears import closest, duplicates, gear_table


def test_a_single_speed():
    assert gear_table([48], [17]) == {(48, 17): 76.2}


def test_a_table_of_two_rings():
    table = gear_table([34, 50], [17, 25])
    assert table == {(34, 17): 54.0, (34, 25): 36.7, (50, 17): 79.4, (50, 25): 54.0}


def test_duplicates_in_a_round_table():
    table = gear_table([30, 40], [15, 20], wheel=26.0)
    assert duplicates(table) == [[(30, 15), (40, 20)]]


def test_closest_gear():
    assert closest(gear_table([34, 50], [17, 25]), 60.0) == (34, 17)
