from triage import is_urgent, ticket_ids, triage


def test_an_urgent_word_at_the_start():
    assert is_urgent("URGENT: printer on fire")


def test_a_longer_word_is_not_urgent():
    assert not is_urgent("nonurgent: new mouse please")
    assert not is_urgent("Outages report for May")


def test_an_urgent_word_later_in_the_subject():
    assert is_urgent("Re: mail server outage")


def test_triage_and_ids():
    assert triage(["new chair", "ASAP laptop #12"]) == ["ASAP laptop #12", "new chair"]
    assert ticket_ids("dup of #12 and #7") == [12, 7]
