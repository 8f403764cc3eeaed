"""Contacts imported from a CRM export, with phone numbers normalized to E.164."""

import re

DEFAULT_COUNTRY = "44"


def normalize_phone(raw, country=DEFAULT_COUNTRY):
    """"+<country><number>" for a phone number as typed; None when it holds no digits."""
    digits = re.sub(r"[^0-9+]", "", raw)
    if digits.startswith("+"):
        return "+" + digits[1:].replace("+", "")
    if digits.startswith("00"):
        return "+" + digits[2:]
    if digits.startswith("0"):
        return f"+{country}{digits[1:]}"
    return f"+{country}{digits}" if digits else None


def import_contacts(rows, country=DEFAULT_COUNTRY):
    """(name, phone) pairs of CRM rows; a row's "phone" may be missing or None."""
    return [(row["name"].strip(), normalize_phone(row.get("phone"), country)) for row in rows]


def dialable(contacts):
    return [name for name, phone in contacts if phone]


def shared_numbers(contacts):
    """Phone -> names, for numbers held by more than one contact."""
    owners = {}
    for name, phone in contacts:
        if phone:
            owners.setdefault(phone, []).append(name)
    return {phone: names for phone, names in owners.items() if len(names) > 1}
