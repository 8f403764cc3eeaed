from sugarhouse import Evaporator, Pan


def test_topping_up_a_part_full_pan():
    pan = Pan("front", 100, sap=70)
    assert pan.pour(50) == 20
    assert pan.sap == 100


def test_a_second_fill_from_a_full_tank():
    evap = Evaporator([Pan("front", 100), Pan("back", 50)])
    evap.collect(90)
    evap.fill()
    evap.collect(100)
    assert evap.fill() == 40
    assert [p.sap for p in evap.pans] == [100, 50]
    assert evap.syrup_if_boiled() == 3.75
