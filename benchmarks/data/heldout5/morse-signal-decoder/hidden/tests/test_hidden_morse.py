from morse import Decoder


def test_decode_words_and_unknown_codes():
    d = Decoder(unknown="#")
    assert d.decode("-.-. .- - / ........ -..") == "CAT #D"


def test_trailing_separators():
    assert Decoder().decode(".. ") == "I"
    assert Decoder().codes(".- /") == [".-", "/"]
    assert Decoder().decode("") == ""
