"""Check subtitle cues for reading speed and line length, and retime them."""

from dataclasses import dataclass

MAX_CPS = 17.0
MAX_LINE = 42


@dataclass
class Cue:
    """One subtitle: start and end in seconds and its text (lines separated by newlines)."""

    start: float
    end: float
    text: str

    @property
    def duration(self):
        """Seconds on screen."""
        return self.end - self.start


def chars_per_second(cue):
    """Reading speed: characters shown (newlines not counted) per second on screen."""
    if cue.duration <= 0:
        raise ValueError(f"the cue ending at {cue.end} s does not end after its start")
    return cue.text.replace("\n", "") / cue.duration


def problems(cues):
    """A message for each cue read too fast or holding a line that is too long, in order."""
    found = []
    for number, cue in enumerate(cues, start=1):
        if chars_per_second(cue) > MAX_CPS:
            found.append(f"cue {number}: too fast")
        if any(len(line) > MAX_LINE for line in cue.text.split("\n")):
            found.append(f"cue {number}: line too long")
    return found


def shift(cues, seconds):
    """Copies of ``cues`` moved by ``seconds``; ValueError if a cue would start before 0."""
    moved = [Cue(c.start + seconds, c.end + seconds, c.text) for c in cues]
    if any(c.start < 0 for c in moved):
        raise ValueError("the shift moves a cue before the start of the video")
    return moved
