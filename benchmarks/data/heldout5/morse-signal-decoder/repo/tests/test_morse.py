from morse import Decoder


def test_encode():
    assert Decoder().encode("sos") == "... --- ..."


def test_encode_two_words():
    assert Decoder().encode("hi there") == ".... .. / - .... . .-. ."


def test_decode_a_word():
    assert Decoder().decode("... --- ...") == "SOS"
