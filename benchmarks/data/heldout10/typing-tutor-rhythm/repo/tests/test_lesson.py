from lesson import Attempt, lesson_report


def typed(target, times):
    a = Attempt(target)
    for ch, t in zip(target, times):
        a.press(ch, t)
    return a


def test_two_key_presses_have_no_rhythm_yet():
    assert typed("ok", [0, 180]).rhythm == 0.0


def test_rhythm_of_a_word():
    assert typed("fjord", [0, 100, 200, 400, 500]).rhythm == 50.0


def test_speed_and_accuracy():
    a = Attempt("the cat")
    for i, ch in enumerate("the car"):
        a.press(ch, i * 200)
    assert a.wpm() == 70.0 and a.accuracy() == 85.7


def test_report():
    report = lesson_report([typed("asdf", [0, 100, 200, 300]), typed("jkl;", [0, 50, 250, 300])])
    assert report == {"best_wpm": 160.0, "accuracy": 100.0, "rhythm": 0.0}
