from keycards import issue_guest, issue_staff


def test_guest_card_until_checkout():
    card = issue_guest("Ann", 204, checkout=110)
    assert card.opens(204, 100)
    assert not card.opens(204, 110)
    assert not card.opens(205, 100)


def test_extend_a_stay():
    card = issue_guest("Ann", 204, checkout=110)
    card.extend(24)
    assert card.opens(204, 120)


def test_staff_card_opens_its_rooms():
    card = issue_staff("Bo", [101, 102])
    assert card.opens(102, 5000)
