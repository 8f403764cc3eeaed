from signups import import_signups, normalise, summary


def test_normalise():
    assert normalise("  Ann@Example.ORG\n") == "ann@example.org"


def test_known_subscriber_is_a_duplicate():
    r = import_signups(["ann@example.org", "bo@example.org"], {"ANN@example.org"})
    assert r.added == ["bo@example.org"]
    assert r.duplicates == 1


def test_rejected_lines():
    r = import_signups(["not an address", "# comment", "", "cy@mail.example.com"], set())
    assert r.rejected == ["not an address"]
    assert r.added == ["cy@mail.example.com"]


def test_same_address_twice_in_the_file():
    r = import_signups(["di@example.org", "Di@Example.org"], set())
    assert r.added == ["di@example.org"]
    assert summary(r) == "1 added, 1 duplicates, 0 rejected"
