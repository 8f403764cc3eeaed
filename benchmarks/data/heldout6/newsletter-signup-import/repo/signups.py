"""Importing newsletter sign-ups exported from a web form, one address per line."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_ADDRESS = re.compile(r"^[\w.+-]+@[\w-]+(\.[\w-]+)+$")


class BadAddress(ValueError):
    """A line that is not an e-mail address."""


def normalise(raw: str) -> str:
    addr = raw.strip().lower()
    if not _ADDRESS.match(addr):
        raise BadAddress(raw.strip())
    return addr


@dataclass
class ImportResult:
    added: list[str] = field(default_factory=list)
    duplicates: int = 0
    rejected: list[str] = field(default_factory=list)


def import_signups(lines: list[str], subscribed: set[str]) -> ImportResult:
    """Addresses of ``lines`` not yet known, in file order.

    An address already subscribed, or already seen earlier in the same file (case does not
    matter), counts as a duplicate; blank lines and ``#`` comments are skipped.
    """
    seen = {normalise(a) for a in subscribed}
    result = ImportResult()
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            addr = normalise(line)
            if addr in seen:
                result.duplicates += 1
                continue
            result.added.append(addr)
        except BadAddress as exc:
            result.rejected.append(str(exc))
    return result


def summary(result: ImportResult) -> str:
    return (
        f"{len(result.added)} added, {result.duplicates} duplicates, "
        f"{len(result.rejected)} rejected"
    )
