"""Wave pool: swimmers per wave programme, exported as JSON for the pool's website."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

PROGRAMMES = ("gentle", "surf", "tsunami")


@dataclass
class Session:
    programme: str
    swimmers: int


@dataclass
class PoolDay:
    sessions: list[Session] = field(default_factory=list)

    def log(self, programme: str, swimmers: int) -> None:
        if programme not in PROGRAMMES:
            raise ValueError(f"no wave programme {programme!r}")
        if swimmers < 0:
            raise ValueError("a negative number of swimmers")
        self.sessions.append(Session(programme, swimmers))

    def counts(self) -> Counter[str]:
        """Swimmers per programme run today."""
        totals: Counter[str] = Counter()
        for s in self.sessions:
            totals[s.programme] += s.swimmers
        return totals

    def busiest(self) -> str | None:
        """The programme with the most swimmers today."""
        top = self.counts().most_common(1)
        return top[0][0] if top else None

    def export(self) -> str:
        """A JSON object programme -> swimmers, keys sorted (the website diffs the files)."""
        return json.dumps(dict(self.counts(), sort_keys=True))
