import pytest

from quantity import QuantityError, parse_bytes


def test_decimal_and_plain():
    assert parse_bytes("64k") == 64000
    assert parse_bytes("1.5G") == 1500000000
    assert parse_bytes(" 512 ") == 512


def test_bad_quantities():
    for text in ("12Qi", "Mi", "1e3"):
        with pytest.raises(QuantityError):
            parse_bytes(text)


def test_kibibytes():
    assert parse_bytes("4Ki") == 4096
    assert parse_bytes("1.5Ki") == 1536
