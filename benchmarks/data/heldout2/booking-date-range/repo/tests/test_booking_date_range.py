from datetime import date

import pytest

from stays import DateError, nights, parse_date, parse_stay


def test_parse_date_both_orders():
    assert parse_date("03/08/2026") == date(2026, 3, 8)
    assert parse_date("03.08.2026", dayfirst=True) == date(2026, 8, 3)


def test_us_stay_and_errors():
    assert nights("07/01/2026 to 07/05/2026") == 4
    with pytest.raises(DateError):
        parse_stay("07/05/2026 to 07/01/2026")
    with pytest.raises(DateError):
        parse_stay("07/05/2026")


def test_european_stay():
    assert parse_stay("03/08/2026 to 10/08/2026", dayfirst=True) == (
        date(2026, 8, 3), date(2026, 8, 10)
    )
