from sprinklers import Controller, Zone, mask_of

LAWN = Zone("lawn", mask_of(["mon", "thu"]), 20)
BEDS = Zone("beds", mask_of(["mon", "tue", "wed", "thu", "fri"]), 10)


def test_only_the_zones_of_the_day_water():
    assert Controller([LAWN, BEDS]).schedule("tue") == ["beds"]


def test_weekday_names_make_a_bit_mask():
    assert mask_of(["mon", "thu"]) == 0b1001 and mask_of([]) == 0


def test_weekly_minutes_add_up():
    assert Controller([LAWN, BEDS]).total_minutes() == 2 * 20 + 5 * 10


def test_a_rain_delay_stops_every_zone():
    assert Controller([LAWN, BEDS], rain_delay={"mon"}).schedule("mon") == []
