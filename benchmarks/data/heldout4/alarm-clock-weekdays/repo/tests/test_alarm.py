from alarm import describe, days, rings_on, to_mask

DAYS_OF_WORK = ["mon", "tue", "wed", "thu", "fri"]


def test_mask_of_days():
    assert to_mask(["mon", "wed", "mon"]) == 0b101


def test_days_of_a_mask():
    assert days(0b101) == ["mon", "wed"]


def test_rings_on():
    assert rings_on(0b101, 2) and not rings_on(0b101, 1)


def test_describe():
    assert describe(to_mask(DAYS_OF_WORK)) == "weekdays"
    assert describe(to_mask(["sat", "tue"])) == "tue sat"
