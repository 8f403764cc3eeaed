"""A piano tuner's report: how far each string is from its target pitch, in cents."""

from __future__ import annotations

import math

A4_HZ = 440.0
TOLERANCE_CENTS = 2.0
NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]


def target_hz(key: int) -> float:
    """Frequency of piano key ``key`` (1-88; key 49 is A4), equal temperament."""
    if not 1 <= key <= 88:
        raise ValueError(f"no piano key {key}")
    return A4_HZ * 2 ** ((key - 49) / 12)


def key_name(key: int) -> str:
    n = key + 8  # key 1 is A0
    return f"{NAMES[n % 12]}{n // 12}"


def cents(measured_hz: float, key: int) -> float:
    """Signed distance from the target: positive when sharp, negative when flat."""
    return 1200 * math.log2(measured_hz / target_hz(key))


def reading(key: int, measured_hz: float) -> dict:
    """One row of the report.

    ``state`` is "ok", "sharp" or "flat"; ``off_by`` is how far off the string is, in cents
    rounded to 0.1, whichever the direction (the state tells which way).
    """
    c = round(cents(measured_hz, key), 1)
    if -TOLERANCE_CENTS <= c <= TOLERANCE_CENTS:
        state = "ok"
    else:
        state = "sharp" if c > 0 else "flat"
    return {"key": key_name(key), "state": state, "off_by": c}


def worst(readings: list[dict]) -> dict:
    """The string furthest from its pitch."""
    return max(readings, key=lambda r: r["off_by"])


def needs_work(readings: list[dict]) -> list[str]:
    return [r["key"] for r in readings if r["state"] != "ok"]


def report(readings: list[dict]) -> str:
    return "\n".join(f"{r['key']:<4}{r['state']:<6}{r['off_by']:5.1f}" for r in readings)
