from keycards import issue_guest, issue_staff


def test_door_log_with_staff_and_guests():
    cards = [issue_guest("Cy", 301, 50), issue_staff("Di", [301, 302]), issue_guest("Ed", 301, 40)]
    assert [c.expires for c in cards] == [50, None, 40]
    assert [c.opens(301, 45) for c in cards] == [True, True, False]


def test_staff_card_never_expires_even_when_extended():
    card = issue_staff("Fay", [7])
    card.extend(10)
    assert card.expires is None and card.opens(7, 10**6) and not card.opens(8, 1)
