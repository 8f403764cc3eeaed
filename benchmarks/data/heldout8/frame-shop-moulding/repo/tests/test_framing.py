from framing import Frame, Moulding

OAK = Moulding("OAK25", 25, 12.0)


def test_moulding_is_priced_by_the_metre():
    frame = Frame(400, 300, OAK)
    assert frame.moulding_mm() == 1600
    assert frame.moulding_cost() == 19.2


def test_glass_is_priced_by_the_square_metre():
    assert Frame(400, 300, OAK).glass_cost() == 4.56


def test_a_mount_widens_the_opening():
    assert Frame(400, 300, OAK, mount_mm=50).inner == (500, 400)


def test_a_mounted_frame_quotes_the_mount():
    quote = Frame(297, 210, OAK, mount_mm=40).quote()
    assert (quote["mount"], quote["glass"]) == (12.0, 4.15)
