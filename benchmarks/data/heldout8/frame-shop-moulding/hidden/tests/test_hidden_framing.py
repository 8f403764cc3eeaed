from framing import Frame, Moulding


def test_the_quote_of_a_mounted_poster():
    walnut = Moulding("WAL40", 40, 18.5)
    quote = Frame(500, 700, walnut, mount_mm=60).quote()
    assert quote == {"moulding": 59.2, "glass": 19.32, "mount": 12.0, "total": 90.52}
