import pytest

from parlour import Parlour, Tub


def shop():
    return Parlour([
        Tub("pistachio", 2.8),
        Tub("lemon", 2.2, vegan=True),
        Tub("vanilla", 2.2),
        Tub("mango", 2.5, grams=60),
    ])


def test_board_is_cheapest_first():
    assert shop().board() == ["lemon 2.20 (vegan)", "vanilla 2.20", "pistachio 2.80"]


def test_serve_takes_from_the_tub():
    p = shop()
    assert p.serve("pistachio", 2) == 5.6
    assert p.tubs["pistachio"].grams == 5000 - 140


def test_too_few_scoops():
    with pytest.raises(ValueError):
        shop().serve("mango")


def test_running_low():
    assert shop().running_low() == ["mango"]
