"""A puppet theatre's cue sheet: scene cues, scene lengths and which puppets are on."""

from dataclasses import dataclass


def to_seconds(stamp: str) -> int:
    """ "m:ss" to seconds."""
    minutes, seconds = stamp.split(":")
    return int(minutes) * 60 + int(seconds)


def to_stamp(seconds: int) -> str:
    """Seconds to "m:ss"."""
    return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass(frozen=True)
class Cue:
    scene: str
    at: int  # seconds after curtain up
    puppets: tuple[str, ...] = ()


class CueSheet:
    """The cues of one show, in time order, and when the curtain comes down."""

    def __init__(self, title: str, curtain_down: str):
        self.title = title
        self.end = to_seconds(curtain_down)
        self.cues: list[Cue] = []

    def add(self, scene: str, at: str, *puppets: str) -> None:
        """Add a scene cue; raises ValueError unless it comes after the last cue and before
        curtain down."""
        second = to_seconds(at)
        if self.cues and second <= self.cues[-1].at or second >= self.end:
            raise ValueError(f"cue {scene} at {at} is out of order")
        self.cues.append(Cue(scene, second, puppets))

    def lengths(self) -> dict[str, str]:
        """Each scene's length: up to the next cue, the last scene up to curtain down."""
        starts = [c.at for c in self.cues]
        ends = starts + [self.end]
        return {c.scene: to_stamp(end - c.at) for c, end in zip(self.cues, ends)}

    def longest(self) -> str:
        """The longest scene (the first of equals)."""
        lengths = self.lengths()
        return max(lengths, key=lambda scene: to_seconds(lengths[scene]))

    def scenes_with(self, puppet: str) -> list[str]:
        """The scenes a puppet is on in, in order (for the puppeteers' sheet)."""
        return [c.scene for c in self.cues if puppet in c.puppets]
