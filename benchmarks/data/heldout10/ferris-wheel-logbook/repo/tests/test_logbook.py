from logbook import Logbook, Note


def test_two_digit_gondolas():
    note = Note("2026-05-01", "ivo", "Gondola 12 door sticks; gondola 21 and gondola 12 fine after oiling")
    assert note.gondolas() == [12, 21]


def test_most_mentioned():
    book = Logbook()
    book.write("2026-05-01", "ivo", "gondola 14 squeaks")
    book.write("2026-05-02", "ana", "gondola 14 squeaks less, gondola 10 light out")
    book.write("2026-05-03", "ivo", "GONDOLA 10 bulb changed")
    assert book.most_mentioned(2) == [10, 14]


def test_by_engineer():
    book = Logbook()
    book.write("2026-05-01", "ivo", "wheel turned 3 times, all good")
    book.write("2026-05-01", "ana", "motor 2 warm")
    book.write("2026-05-02", "ivo", "rain, closed")
    assert book.by_engineer() == {"ivo": 2, "ana": 1}


def test_notes_on_a_day():
    book = Logbook()
    book.write("2026-05-01", "ivo", "brake test passed")
    book.write("2026-05-02", "ana", "paint touched up")
    assert book.notes_on("2026-05-02") == ["paint touched up"]
