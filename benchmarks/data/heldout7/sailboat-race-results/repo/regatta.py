"""Sailing club regatta: parse the race officer's finish sheet and score it."""

import re
from dataclasses import dataclass

LINE = re.compile(r"^\s*(?P<sail>[A-Z]{1,3}\d+)\s+(?P<h>\d+):(?P<m>\d{2}):(?P<s>\d{2})\s*$")


@dataclass(frozen=True)
class Finish:
    sail: str
    seconds: int


class FinishSheet:
    """Lines like ``GBR123 1:02:33``; notes and blank lines on the sheet are skipped."""

    def __init__(self, start_seconds: int = 0) -> None:
        self.start = start_seconds
        self.finishes: list[Finish] = []

    def read(self, text: str) -> None:
        for line in text.splitlines():
            match = LINE.match(line)
            clock = int(match["h"]) * 3600 + int(match["m"]) * 60 + int(match["s"])
            self.finishes.append(Finish(match["sail"], clock - self.start))

    def order(self) -> list[str]:
        return [f.sail for f in sorted(self.finishes, key=lambda f: f.seconds)]

    def points(self) -> dict[str, int]:
        """Low-point scoring: first place 1 point, second 2, ..."""
        return {sail: place for place, sail in enumerate(self.order(), start=1)}


def elapsed(finish: Finish) -> str:
    m, s = divmod(finish.seconds, 60)
    return f"{m}m{s:02d}s"


def series(sheets: list[FinishSheet]) -> dict[str, int]:
    total: dict[str, int] = {}
    for sheet in sheets:
        for sail, pts in sheet.points().items():
            total[sail] = total.get(sail, 0) + pts
    return dict(sorted(total.items(), key=lambda kv: (kv[1], kv[0])))
