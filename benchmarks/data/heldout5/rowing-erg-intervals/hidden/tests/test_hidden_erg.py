from erg import Workout


def test_best_of_three_intervals():
    w = Workout("3x500")
    for metres in (500.0, 520.0, 480.0):
        w.stroke(metres)
        w.end_interval()
    assert w.intervals == [500.0, 520.0, 480.0]
    assert w.best() == 520.0 and w.total == 1500.0 and w.current == 0.0
