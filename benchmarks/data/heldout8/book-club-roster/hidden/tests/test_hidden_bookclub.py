from datetime import date

from bookclub import BookClub


def test_the_notice_after_someone_left_and_nothing_planned():
    c = BookClub("Poetry Circle")
    for person in ("Eli", "Fay", "Gus", "Hal"):
        c.join(person)
    c.schedule(date(2026, 1, 5), "Odes", "Eli")
    c.leave("Gus")
    assert c.notice(date(2026, 6, 1)) == "Poetry Circle (3 members): next up to be chosen"


def test_a_new_club_has_no_members():
    assert BookClub("Sci-fi").notice(date(2026, 6, 1)) == "Sci-fi (0 members): next up to be chosen"
