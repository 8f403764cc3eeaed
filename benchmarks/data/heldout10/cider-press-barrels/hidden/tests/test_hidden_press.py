from press import Barrel, PressHouse, Pressing


def test_an_empty_barrel_between_full_ones():
    house = PressHouse([Barrel("A", 100), Barrel("B", 100), Barrel("C", 100)])
    house.run_into("A", Pressing("dabinett", 100))
    house.run_into("C", Pressing("bramley", 50))
    assert house.volumes() == {"A": 70.0, "B": 0.0, "C": 31.0}


def test_a_later_barrel_still_takes_juice():
    house = PressHouse([Barrel("A", 80), Barrel("B", 80)])
    house.run_into("A", Pressing("dabinett", 100))
    house.run_into("B", Pressing("dabinett", 100))
    assert house.volumes()["B"] == 70.0
