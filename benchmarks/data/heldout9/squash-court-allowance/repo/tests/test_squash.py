import pytest

from squash import BookingSheet, Member, NoAllowanceLeft


def test_a_member_has_two_bookings_a_week():
    sheet, kim = BookingSheet(3), Member("Kim")
    sheet.book(kim, 1, 18)
    sheet.book(kim, 2, 19)
    with pytest.raises(NoAllowanceLeft):
        sheet.book(kim, 1, 20)


def test_a_taken_court_cannot_be_booked_again():
    sheet = BookingSheet(2)
    sheet.book(Member("Lou"), 1, 18)
    with pytest.raises(ValueError):
        sheet.book(Member("Max"), 1, 18)
    assert sheet.free_courts(18) == [2]


def test_a_full_member_books_without_limit():
    sheet, ned = BookingSheet(4), Member("Ned", weekly_limit=None)
    for court in (1, 2, 3):
        sheet.book(ned, court, 7)
    assert sheet.used(ned) == 3
