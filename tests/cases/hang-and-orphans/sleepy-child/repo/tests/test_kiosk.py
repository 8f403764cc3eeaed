import kiosk


def test_sleeper_left_behind():
    kiosk.fork_sleeper()
    assert kiosk.triple(3) == 9


def test_sleeps():
    kiosk.wait_on_sleeper()
