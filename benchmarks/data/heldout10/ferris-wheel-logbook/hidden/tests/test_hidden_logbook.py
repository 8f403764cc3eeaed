from logbook import Logbook, Note


def test_one_and_two_digit_gondolas():
    note = Note("2026-06-01", "ana", "gondola 3 and gondola 23 swapped seats; gondola 30? no such")
    assert note.gondolas() == [3, 23]


def test_mentions():
    book = Logbook()
    book.write("2026-06-02", "ivo", "gondola 7 window cracked")
    book.write("2026-06-03", "ivo", "gondola 7 window replaced, gondola 16 ok")
    assert book.mentions() == {7: 2, 16: 1}
    assert not Note("d", "e", "gondola 125 is the lift cabin").gondolas()
