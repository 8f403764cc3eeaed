from audiobook import Audiobook


def test_a_long_book_lists_hours():
    b = Audiobook("War and Peace", "A. Voice")
    b.add("Part one", 40000)
    b.add("Part two", 59)
    b.add("Part three", 61)
    assert [row["starts"] for row in b.listing()] == ["0:00:00", "11:06:40", "11:07:39"]
