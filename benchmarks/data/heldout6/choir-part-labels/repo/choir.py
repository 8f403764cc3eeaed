"""A community choir's roster: singers by voice part, as printed in the concert programme."""

from __future__ import annotations

from dataclasses import dataclass

PART_ORDER = ["soprano", "alto", "tenor", "bass"]


class UnknownPart(ValueError):
    """A voice part outside SATB."""


@dataclass
class Singer:
    name: str
    part: str
    stage_name: str | None = None

    def __post_init__(self) -> None:
        if self.part not in PART_ORDER:
            raise UnknownPart(self.part)

    def label(self) -> str:
        """The name printed in the programme: the stage name when the singer has one."""
        return self.stage_name.strip().title()


def roster(singers: list[Singer]) -> dict[str, list[str]]:
    """Labels grouped by part, parts in SATB order, names sorted within a part."""
    out: dict[str, list[str]] = {p: [] for p in PART_ORDER}
    for s in singers:
        out[s.part].append(s.label())
    return {p: sorted(names) for p, names in out.items() if names}


def programme_lines(singers: list[Singer]) -> list[str]:
    return [f"{part.capitalize()}: {', '.join(names)}" for part, names in roster(singers).items()]


def balance(singers: list[Singer]) -> dict[str, int]:
    counts = {p: 0 for p in PART_ORDER}
    for s in singers:
        counts[s.part] += 1
    return counts
