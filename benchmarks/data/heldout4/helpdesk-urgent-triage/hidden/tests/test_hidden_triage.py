from triage import triage


def test_triage_finds_words_anywhere():
    subjects = ["vpn slow", "Fw: need this asap", "[outage] floor 2", "asapp login"]
    assert triage(subjects) == ["Fw: need this asap", "[outage] floor 2", "vpn slow", "asapp login"]
