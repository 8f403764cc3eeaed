from sugarhouse import Evaporator, Pan


def test_pour_what_fits():
    pan = Pan("front", 100)
    assert pan.pour(60) == 0.0
    assert pan.sap == 60


def test_what_overflows_stays_in_the_tank():
    pan = Pan("front", 100)
    assert pan.pour(130) == 30
    assert pan.sap == 100


def test_fill_two_pans():
    evap = Evaporator([Pan("front", 100), Pan("back", 50)])
    evap.collect(120)
    assert evap.fill() == 0.0
    assert [p.sap for p in evap.pans] == [100, 20]


def test_boil():
    pan = Pan("front", 100, sap=80)
    assert pan.boil() == 2.0
    assert pan.sap == 0.0
