from timetable import Teacher, Timetable, YogaClass

MIA = Teacher("mia", 30.0)
RAJ = Teacher("raj", 36.0)


def test_pay_with_a_class_still_needing_cover():
    t = Timetable()
    t.add(YogaClass("mon", "18:30", "vinyasa", 60, MIA))
    t.add(YogaClass("tue", "07:00", "hatha", 45))
    t.add(YogaClass("wed", "19:00", "yin", 90, MIA))
    assert t.pay() == {"mia": 75.0}


def test_pay_of_a_full_week():
    t = Timetable()
    t.add(YogaClass("mon", "18:30", "vinyasa", 60, RAJ))
    t.add(YogaClass("sat", "10:00", "ashtanga", 75, MIA))
    assert t.pay() == {"mia": 37.5, "raj": 36.0}


def test_cover_needed_and_week():
    t = Timetable()
    t.add(YogaClass("fri", "12:00", "yin", 60))
    t.add(YogaClass("mon", "09:00", "hatha", 60, RAJ))
    assert t.cover_needed() == ["fri 12:00 yin"]
    assert t.week() == ["mon 09:00 hatha (raj)", "fri 12:00 yin (cover wanted)"]
