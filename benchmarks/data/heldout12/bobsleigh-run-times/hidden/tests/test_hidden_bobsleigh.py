from bobsleigh import Heat, Split


def test_three_runs():
    lines = ["CAN1 5.2", "CAN1 21.0", "CAN1 26.9 F", "USA1 5.0", "USA1 47.5 F", "NOR1 52.6 F"]
    heat = Heat([Split.parse(line) for line in lines])
    assert list(heat.run_times()) == [("CAN1", 53.1), ("USA1", 52.5), ("NOR1", 52.6)]
    assert heat.gaps() == {"USA1": 0.0, "NOR1": 0.1, "CAN1": 0.6}
