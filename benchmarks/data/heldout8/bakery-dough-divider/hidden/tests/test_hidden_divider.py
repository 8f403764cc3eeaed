from divider import Divider


def test_pieces_at_the_tolerance_either_side_are_fine():
    d = Divider("Divider 3")
    batch = d.start("roll", 80.0, tolerance_g=4.0)
    for g in (76.0, 84.0, 80.5):
        batch.weigh(g)
    assert batch.within_tolerance and d.needs_adjusting() == []


def test_the_report_flags_a_light_batch():
    d = Divider("Divider 3")
    light = d.start("sourdough", 900.0, tolerance_g=15.0)
    for g in (880.0, 870.0):
        light.weigh(g)
    good = d.start("roll", 80.0, tolerance_g=4.0)
    good.weigh(79.0)
    assert d.report().splitlines()[1:] == ["sourdough: mean 875.0 g, adjust", "roll: mean 79.0 g, ok"]
