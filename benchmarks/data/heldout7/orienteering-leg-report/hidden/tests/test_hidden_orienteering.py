from orienteering import Run


def test_single_fast_leg():
    run = Run("Jo", "Blue")
    run.punch("S", "F", 2.0, 8.0)
    assert run.leg_lines() == ["S-F: 4.0 min/km"]
