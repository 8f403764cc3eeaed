from bookings import Booking, Inbox


def test_a_reference_at_the_start():
    assert Inbox.references("PB-0412: can we add two players?") == ["PB-0412"]


def test_a_reference_inside_the_message():
    inbox = Inbox({"PB-0412": Booking("PB-0412", 8), "PB-0977": Booking("PB-0977", 12)})
    assert inbox.mark_paid("Payment received for booking PB-0977, thanks!") == 1
    assert inbox.unpaid_players() == 8


def test_no_reference():
    assert Inbox.references("What time do you open on Sundays?") == []
