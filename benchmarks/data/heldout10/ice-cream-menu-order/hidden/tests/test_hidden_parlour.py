from parlour import Parlour, Tub


def shop():
    return Parlour([Tub("coffee", 2.6), Tub("sorbet", 2.1, vegan=True), Tub("rum", 3.0)])


def test_asked_cheapest_first():
    assert shop().board(cheapest_first=True) == ["sorbet 2.10 (vegan)", "coffee 2.60", "rum 3.00"]


def test_asked_dearest_first():
    assert shop().board(cheapest_first=False) == ["rum 3.00", "coffee 2.60", "sorbet 2.10 (vegan)"]
