from observing import Log, Note


def test_a_four_digit_ngc_number_is_found():
    note = Note("Ria", "2026-08-12", "North America nebula, NGC 7000, huge with the OIII filter")
    assert note.objects() == ["NGC 7000"]


def test_messier_objects_with_and_without_a_space():
    assert Note("Ria", "2026-08-12", "M31 and its companion M 32, then NGC 891").objects() == ["M 31", "M 32", "NGC 891"]


def test_the_tally_counts_every_mention():
    log = Log("Dark Sky Club")
    log.add("Ria", "2026-08-12", "M13 in the 8 inch")
    log.add("Sven", "2026-08-12", "M13 again, then M92")
    assert log.tally() == {"M 13": 2, "M 92": 1}


def test_first_seen_keeps_the_earliest_night():
    log = Log("Dark Sky Club")
    log.add("Sven", "2026-09-01", "M57 ring")
    log.add("Ria", "2026-08-20", "M57 tiny")
    assert log.first_seen() == {"M 57": "2026-08-20"}
