from lesson import Attempt, lesson_report


def test_one_key_press():
    a = Attempt("x")
    a.press("x", 0)
    assert a.rhythm == 0.0


def test_a_report_with_a_two_key_attempt():
    short = Attempt("no")
    short.press("n", 0)
    short.press("o", 120)
    long = Attempt("yes")
    for ch, t in zip("yes", (0, 150, 450)):
        long.press(ch, t)
    assert long.rhythm == 106.1
    assert lesson_report([short, long])["rhythm"] == 0.0
