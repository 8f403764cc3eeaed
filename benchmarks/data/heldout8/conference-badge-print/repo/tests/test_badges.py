from badges import Attendee, BadgeDesk

ANN = Attendee("Ann Lee", "ann@example.org", "Acme")
BOB = Attendee("Bob Roy", "bob@example.org", speaker=True)


def test_an_attendee_registered_twice_gets_one_badge():
    desk = BadgeDesk()
    assert list(desk.to_print([ANN, BOB, ANN])) == ["ANN LEE\nAcme", "BOB ROY\nSPEAKER"]


def test_a_later_batch_does_not_print_the_same_badge_again():
    desk = BadgeDesk()
    list(desk.to_print([ANN]))
    assert list(desk.to_print([ANN, BOB])) == ["BOB ROY\nSPEAKER"]


def test_a_speaker_badge_says_so():
    assert BadgeDesk().reprint(BOB) == "BOB ROY\nSPEAKER"


def test_reprints_are_counted():
    desk = BadgeDesk()
    desk.reprint(ANN)
    desk.reprint(ANN)
    assert (desk.reprints, desk.printed_count()) == (2, 1)
