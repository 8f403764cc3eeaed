import pytest

from squash import BookingSheet, Member, NoAllowanceLeft


def test_a_suspended_member_cannot_book():
    sheet = BookingSheet(2)
    with pytest.raises(NoAllowanceLeft):
        sheet.book(Member("Oz", weekly_limit=0), 1, 9)


def test_a_cancellation_gives_the_booking_back():
    sheet, pat = BookingSheet(2), Member("Pat", weekly_limit=1)
    sheet.book(pat, 1, 9)
    assert not sheet.may_book(pat)
    sheet.cancel(1, 9)
    assert sheet.may_book(pat)
    assert sheet.may_book(Member("Quin", weekly_limit=None))
