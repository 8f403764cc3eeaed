from lightshow import Show, Step


def test_on_and_off():
    show = Show(4)
    assert show.run([Step(on=[0, 2]), Step(off=[0], on=[3])]) == ["#.#.", "..##"]
    assert show.lamp_beats == 4


def test_a_blink_lights_a_dark_drone():
    show = Show(3)
    show.play(Step(blink=[1]))
    assert show.pattern() == ".#."


def test_lit_drones():
    show = Show(5)
    show.play(Step(on=[4, 1]))
    assert show.lit_drones() == [1, 4]
