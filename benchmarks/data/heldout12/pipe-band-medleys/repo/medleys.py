"""Pipe band: the medleys that fit a competition's time limit."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tune:
    name: str
    kind: str  # "march", "strathspey", "reel", "jig" ...
    seconds: int


def _choices(tunes: list[Tune], limit: int) -> list[list[Tune]]:
    """Every selection of ``tunes`` (in their order) of at most ``limit`` seconds, the empty one too."""
    if not tunes:
        return []
    first, rest = tunes[0], tunes[1:]
    without = _choices(rest, limit)
    if first.seconds > limit:
        return without
    with_first = [[first, *c] for c in _choices(rest, limit - first.seconds)]
    return with_first + without


class Repertoire:
    """The tunes the band can play, in the order they are played in a set."""

    def __init__(self, tunes: list[Tune]) -> None:
        self.tunes = tunes

    def medleys(self, limit: int, min_tunes: int = 2) -> list[list[str]]:
        """Medleys of at least ``min_tunes`` tunes within ``limit`` seconds, the longest first."""
        picks = [c for c in _choices(self.tunes, limit) if len(c) >= min_tunes]
        picks.sort(key=lambda c: -sum(t.seconds for t in c))
        return [[t.name for t in c] for c in picks]

    def by_kind(self, kind: str) -> list[str]:
        return [t.name for t in self.tunes if t.kind == kind]

    def total(self, names: list[str]) -> int:
        """Seconds of the named tunes played one after the other."""
        lengths = {t.name: t.seconds for t in self.tunes}
        missing = [n for n in names if n not in lengths]
        if missing:
            raise KeyError(f"not in the repertoire: {', '.join(missing)}")
        return sum(lengths[n] for n in names)
