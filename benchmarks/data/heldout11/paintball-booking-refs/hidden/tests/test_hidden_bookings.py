from bookings import Booking, Inbox


def test_several_references_and_a_voucher():
    text = "Hi,\nplease merge PB-1001 and PB-1002 (voucher GPB-5555).\nRe PB-1001 again"
    assert Inbox.references(text) == ["PB-1001", "PB-1002"]


def test_match_known_bookings_only():
    inbox = Inbox({"PB-2000": Booking("PB-2000", 6)})
    assert [b.players for b in inbox.match("about PB-2000 and PB-2001")] == [6]
    assert Inbox.references("ref:PB-3000.") == ["PB-3000"]
