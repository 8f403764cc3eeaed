import pytest

from silos import Farm, Silo


def test_unloading_gives_at_most_what_is_stored():
    silo = Silo("S1", "wheat", 50.0, stored_t=12.0)
    assert silo.unload(20.0) == 12.0
    assert silo.stored_t == 0.0


def test_a_negative_load_is_refused():
    with pytest.raises(ValueError):
        Silo("S1", "wheat", 50.0).take_in("T1", -1.0)


def test_a_silo_takes_no_more_than_it_holds():
    silo = Silo("S1", "wheat", 50.0)
    assert silo.take_in("T1", 70.0) == 50.0
    assert silo.stored_t == 50.0
    assert silo.log == [("T1", 50.0)]


def test_a_delivery_fills_the_silos_of_its_crop_in_turn():
    farm = Farm([Silo("A", "wheat", 50.0), Silo("B", "wheat", 40.0), Silo("C", "barley", 60.0)])
    assert farm.deliver("wheat", "T2", 100.0) == 10.0
    assert farm.report() == {"A": 50.0, "B": 40.0, "C": 0.0}
