"""Opera surtitles: the operator's desk steps through the cue list and can go back."""

from __future__ import annotations


class NoEarlierCue(LookupError):
    """Nothing to go back to."""


def parse_cues(text: str) -> list[str]:
    """One cue label per line; blank lines and '#' comments are skipped."""
    labels = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            labels.append(line)
    return labels


class CueDesk:
    """The cue on screen and the way back to the ones shown before it."""

    def __init__(self, cues: list[str]) -> None:
        if not cues:
            raise ValueError("an empty cue list")
        self.cues = cues
        self.at = 0
        self.history: list[int] = []  # positions to go back to, the latest last

    @property
    def showing(self) -> str:
        return self.cues[self.at]

    def next(self) -> str:
        if self.at + 1 >= len(self.cues):
            raise IndexError("already at the last cue")
        self.history.append(self.at)
        self.at += 1
        return self.showing

    def jump(self, label: str) -> str:
        """Jump to a cue by its label (a cut, or a singer skipping a verse)."""
        target = self.cues.index(label)
        self.at = target
        return self.showing

    def back(self) -> str:
        """Return to the cue shown before the last ``next`` or ``jump``."""
        if not self.history:
            raise NoEarlierCue("nothing shown before this cue")
        self.at = self.history.pop()
        return self.showing
