"""Gift cards of a department store: checking numbers and showing them on receipts."""

from __future__ import annotations


class BadCardNumber(ValueError):
    """Not a 16-digit number with a valid check digit."""


def digits_of(number: str) -> str:
    """The digits of ``number``; spaces and dashes are allowed between them."""
    cleaned = number.replace(" ", "").replace("-", "")
    if len(cleaned) != 16 or not cleaned.isdigit():
        raise BadCardNumber(number)
    return cleaned


def luhn_ok(digits: str) -> bool:
    """The Luhn check (ISO/IEC 7812-1): double every second digit from the right."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def grouped(number: str) -> str:
    digits = digits_of(number)
    return " ".join(digits[i : i + 4] for i in range(0, 16, 4))


def masked(number: str) -> str:
    """The receipt form: only the last four digits are shown."""
    digits = digits_of(number)
    if not luhn_ok(digits):
        raise BadCardNumber(number)
    return f"**** **** **** {digits[13:]}"


def receipt_line(number: str, balance: float) -> str:
    return f"Gift card {masked(number)}  balance {balance:8.2f}"
