from grooming import Salon


def test_default_day_has_ten_slots():
    s = Salon()
    assert len(s.slots()) == 10
    assert s.slots()[-1] == "15:45"


def test_day_sheet_with_default_slots():
    s = Salon("08:00", "10:30")
    s.book("08:45", "Milo")
    assert s.day_sheet() == ["08:00  -", "08:45  Milo", "09:30  -"]
    assert s.free() == ["08:00", "09:30"]
