"""A radio amateur's contact log, exported for the club's log-checking program."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

_CALLSIGN = re.compile(r"^[A-Z0-9]{1,3}[0-9][A-Z0-9]{0,3}[A-Z]$")
BANDS = {"160m", "80m", "40m", "20m", "15m", "10m", "2m"}


class BadContact(ValueError):
    """A contact with a malformed callsign or an unknown band."""


@dataclass
class Contact:
    call: str
    band: str
    utc: str  # "2026-12-02 07:30"
    report: str = "59"

    def __post_init__(self) -> None:
        self.call = self.call.upper()
        if not _CALLSIGN.match(self.call) or self.band not in BANDS:
            raise BadContact(f"{self.call} {self.band}")


def record(c: Contact) -> str:
    """One log line: time, callsign, band, signal report, separated by tabs."""
    return "\t".join([c.utc, c.call, c.band, c.report])


def export(contacts: list[Contact], station: str) -> bytes:
    """The log file's bytes: a header line, then one record per contact.

    The club's checker runs on the member's own machine and reads lines ending with that
    platform's line separator, so lines end with ``os.linesep``.
    """
    lines = [f"LOG {station.upper()} {len(contacts)}"] + [record(c) for c in contacts]
    lines.append("END")
    return "\r\n".join(lines).encode("ascii")


def worked_bands(contacts: list[Contact]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in contacts:
        out[c.band] = out.get(c.band, 0) + 1
    return dict(sorted(out.items()))
