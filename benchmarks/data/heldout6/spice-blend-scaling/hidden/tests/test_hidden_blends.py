from blends import batch, label, scaler


def test_rounds_up_when_nearer():
    assert scaler(3, 2)(7.0) == 4.7
    assert scaler(6, 1)(5.0) == 0.8


def test_garam_masala_label():
    assert batch("garam masala", 100) == {
        "coriander": 52.6,
        "cumin": 26.3,
        "pepper": 15.8,
        "clove": 5.3,
    }
    assert label("garam masala", 19) == (
        "Garam Masala (19 g): coriander 10 g, cumin 5 g, pepper 3 g, clove 1 g"
    )
