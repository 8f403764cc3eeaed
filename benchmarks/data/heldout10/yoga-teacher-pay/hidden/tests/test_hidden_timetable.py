from timetable import Teacher, Timetable, YogaClass


def test_only_uncovered_classes_pay_nothing():
    t = Timetable()
    t.add(YogaClass("sun", "09:00", "flow", 60))
    t.add(YogaClass("sun", "11:00", "flow", 60))
    assert t.pay() == {}
    t.add(YogaClass("thu", "20:00", "nidra", 30, Teacher("ola", 40.0)))
    assert t.pay() == {"ola": 20.0}
