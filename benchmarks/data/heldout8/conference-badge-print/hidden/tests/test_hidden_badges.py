from badges import Attendee, BadgeDesk


def test_the_same_email_in_other_case_or_with_spaces_is_the_same_attendee():
    desk = BadgeDesk()
    batch = [
        Attendee("Cy Orr", "Cy@Example.org"),
        Attendee("Cy Orr", " cy@example.org"),
        Attendee("Di Poe", "di@example.org"),
    ]
    assert list(desk.to_print(batch)) == ["CY ORR", "DI POE"]
    assert desk.printed_count() == 2


def test_namesakes_with_different_emails_both_get_a_badge():
    desk = BadgeDesk()
    twins = [Attendee("Eva Moss", "eva@a.org"), Attendee("Eva Moss", "eva@b.org")]
    assert len(list(desk.to_print(twins))) == 2 and desk.printed_count() == 2
