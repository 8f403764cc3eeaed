from lightshow import Show, Step


def test_a_blink_darkens_a_lit_drone():
    show = Show(3)
    assert show.run([Step(on=[0, 1]), Step(blink=[1, 2])]) == ["##.", "#.#"]


def test_two_blinks_come_back():
    show = Show(2)
    show.run([Step(blink=[0]), Step(blink=[0]), Step(on=[1], blink=[1])])
    assert show.pattern() == ".."
    assert show.lamp_beats == 1
