from signups import import_signups


def test_three_copies_and_others():
    lines = ["a@x.io", "b@x.io", "A@X.io", "c@x.io", "b@x.io ", "a@x.io"]
    r = import_signups(lines, {"c@x.io"})
    assert r.added == ["a@x.io", "b@x.io"]
    assert r.duplicates == 4


def test_nothing_seen_twice():
    r = import_signups(["e@x.io", "f@x.io", "bad@", "g@x.io"], set())
    assert r.added == ["e@x.io", "f@x.io", "g@x.io"]
    assert r.duplicates == 0
    assert r.rejected == ["bad@"]
