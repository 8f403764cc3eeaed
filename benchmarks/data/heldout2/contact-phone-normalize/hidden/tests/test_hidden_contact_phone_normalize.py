from contacts import dialable, import_contacts


def test_rows_without_a_phone_key():
    rows = [{"name": "Cy"}, {"name": "Di", "phone": "555 0100"}]
    contacts = import_contacts(rows, country="1")
    assert contacts == [("Cy", None), ("Di", "+15550100")]
    assert dialable(contacts) == ["Di"]
