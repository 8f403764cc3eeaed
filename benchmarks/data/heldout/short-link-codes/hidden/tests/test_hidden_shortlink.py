from shortlink import decode, encode


def test_id_zero():
    assert encode(0) == "0"
    assert decode(encode(0)) == 0


def test_width_one_is_unchanged():
    assert encode(0, width=1) == "0"
    assert encode(5, width=1) == "5"


def test_padding_keeps_the_value():
    assert encode(62, width=4) == "0010"
    assert encode(0, width=3) == "000"
    assert decode(encode(0, width=3)) == 0
