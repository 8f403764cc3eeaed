from kiln import finish_text, firing_plan, peak


def test_a_bisque_firing_up():
    steps, total = firing_plan([(100, 600, 0), (150, 1000, 15)])
    assert steps == [(600, 348, 0), (1000, 160, 15)]
    assert total == 523


def test_a_glaze_firing_with_a_slow_cool():
    steps, total = firing_plan([(200, 1220, 10), (150, 20, 0)])
    assert steps == [(1220, 360, 10), (20, 480, 0)]
    assert total == 850


def test_peak_and_display():
    assert peak([(200, 1220, 10), (150, 900, 30)]) == 1220
    assert finish_text(523) == "8 h 43 min"
