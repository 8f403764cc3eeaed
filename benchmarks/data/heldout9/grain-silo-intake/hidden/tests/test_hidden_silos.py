from silos import Farm, Silo


def test_a_part_full_silo_takes_only_its_free_space():
    silo = Silo("S2", "oats", 50.0, stored_t=20.0)
    assert silo.take_in("T3", 45.0) == 30.0
    assert silo.stored_t == 50.0


def test_a_second_trailer_overflows_into_the_next_silo():
    farm = Farm([Silo("A", "rye", 30.0), Silo("B", "rye", 30.0)])
    assert farm.deliver("rye", "T4", 20.0) == 0.0
    assert farm.deliver("rye", "T5", 25.0) == 0.0
    assert farm.report() == {"A": 30.0, "B": 15.0}
