from ledger import csv_line, export, format_money, screen_line


def test_format_money():
    assert format_money(123450) == "1,234.50 EUR"
    assert format_money(-5, "USD") == "-0.05 USD"


def test_screen_line():
    assert screen_line("2026-11-30", "Rent", -90000) == (
        "2026-11-30  Rent" + " " * 20 + "     -900.00 EUR"
    )


def test_a_small_amount_in_csv():
    assert csv_line("2026-11-30", "Coffee, large", 350) == "2026-11-30,Coffee  large,3.50 EUR"


def test_a_large_amount_in_csv():
    assert csv_line("2026-11-01", "Salary", 250000) == "2026-11-01,Salary,2500.00 EUR"


def test_export():
    assert export([("2026-11-02", "Laptop", -129900)]) == (
        "date,text,amount\n2026-11-02,Laptop,-1299.00 EUR"
    )
