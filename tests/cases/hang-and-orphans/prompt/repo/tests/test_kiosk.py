import kiosk


def test_ask_name():
    assert kiosk.ask_name() == "ada"


def test_wait():
    kiosk.wait_for_ever()


def test_daemon():
    kiosk.start_daemon()
    assert kiosk.triple(3) == 9
