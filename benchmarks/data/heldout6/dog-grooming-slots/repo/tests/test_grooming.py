import pytest

from grooming import NotASlot, Salon, SlotTaken


def test_hourly_salon():
    s = Salon("10:00", "13:00", slot_minutes=60)
    assert s.slots() == ["10:00", "11:00", "12:00"]


def test_double_booking():
    s = Salon(slot_minutes=60)
    s.book("09:00", "Rex")
    with pytest.raises(SlotTaken):
        s.book("09:00", "Bella")


def test_default_slots_are_a_full_groom_long():
    s = Salon()
    assert s.slots()[:4] == ["09:00", "09:45", "10:30", "11:15"]
    with pytest.raises(NotASlot):
        s.book("09:30", "Rex")
