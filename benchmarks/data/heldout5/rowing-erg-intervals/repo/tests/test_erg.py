from erg import Workout, split_500


def test_split():
    assert split_500(2000, 480) == "2:00.0"
    assert split_500(1000, 215) == "1:47.5"


def test_strokes_add_up():
    w = Workout("steady")
    for _ in range(10):
        w.stroke(9.5)
    assert w.total == 95.0


def test_first_interval():
    w = Workout("pyramid")
    w.stroke(10.0)
    w.stroke(12.0)
    w.end_interval()
    assert w.intervals == [22.0] and w.best() == 22.0


def test_second_interval_starts_from_zero():
    w = Workout("pyramid")
    w.stroke(10.0)
    w.end_interval()
    w.stroke(8.0)
    w.end_interval()
    assert w.intervals == [10.0, 8.0]
