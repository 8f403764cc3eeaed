from cellar import Bottle, Cellar


def test_bottles_with_a_window_are_ready_inside_it():
    cellar = Cellar().add(Bottle("rioja", 2018, drink_by=2026)).add(Bottle("chablis", 2021, drink_by=2024))
    assert cellar.ready(2023) == ["rioja", "chablis"]
    assert cellar.ready(2025) == ["rioja"]


def test_a_bottle_without_limit_is_ready_once_rested():
    cellar = Cellar().add(Bottle("port", 2000, rest=10)).add(Bottle("rose", 2020, drink_by=2024))
    assert cellar.ready(2023) == ["port", "rose"]


def test_past_their_best():
    cellar = Cellar().add(Bottle("port", 2000)).add(Bottle("rose", 2022, drink_by=2024))
    assert cellar.past_their_best(2025) == ["rose"]
