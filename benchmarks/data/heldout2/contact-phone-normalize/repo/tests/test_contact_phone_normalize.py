from contacts import dialable, import_contacts, normalize_phone, shared_numbers


def test_formats():
    assert normalize_phone("020 7946 0958") == "+442079460958"
    assert normalize_phone("+1 (555) 010-9999") == "+15550109999"
    assert normalize_phone("0049 30 1234567") == "+49301234567"
    assert normalize_phone("n/a") is None


def test_shared_numbers():
    people = [("Ann", "+441"), ("Bo", "+442"), ("Cy", "+441"), ("Di", None)]
    assert shared_numbers(people) == {"+441": ["Ann", "Cy"]}


def test_import_with_a_missing_phone():
    rows = [{"name": " Ann ", "phone": "07700 900123"}, {"name": "Bo", "phone": None}]
    assert import_contacts(rows) == [("Ann", "+447700900123"), ("Bo", None)]
