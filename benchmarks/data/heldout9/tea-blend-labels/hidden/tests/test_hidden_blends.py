from blends import Blend


def test_two_thirds_round_up():
    b = Blend("Smoky")
    b.add("lapsang", 20)
    b.add("keemun", 10)
    assert list(b.shares()) == [("lapsang", 66.7), ("keemun", 33.3)]


def test_an_even_split_shows_whole_numbers():
    b = Blend("Half")
    b.add("rooibos", 50)
    b.add("vanilla", 50)
    assert b.label() == "rooibos 50.0%, vanilla 50.0%"
