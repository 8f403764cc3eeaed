from ledger import export


def test_export_in_another_currency():
    entries = [("2026-12-01", "Bonus", 1234567), ("2026-12-02", "Tea", 250)]
    assert export(entries, "USD") == (
        "date,text,amount\n2026-12-01,Bonus,12345.67 USD\n2026-12-02,Tea,2.50 USD"
    )
