from taximeter import Tariff, Trip


def test_a_night_fare_keeps_its_cents():
    assert Trip(10, 2.5, hour=1).fare() == 29.0 and Trip(7.3, 0, hour=23).fare() == 21.29


def test_a_contract_tariff_without_a_minimum():
    shuttle = Tariff("clinic shuttle", 1.0, 0.4, 0.0, 0.0)
    assert Trip(1.5, 3, hour=9, tariff=shuttle).fare() == 1.6
