"""Audiobooks: chapters, running times and the chapter list shown in the player."""

from dataclasses import dataclass, field


def fmt_time(seconds: int, clock: bool = False) -> str:
    """Seconds as "1 h 5 min" (to the nearest minute), or as "1:05:09" with ``clock``."""
    if clock:
        hours, rest = divmod(seconds, 3600)
        minutes, secs = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{secs:02d}"
    hours, minutes = divmod(round(seconds / 60), 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"


@dataclass(frozen=True)
class Chapter:
    title: str
    seconds: int


@dataclass
class Audiobook:
    title: str
    narrator: str
    chapters: list[Chapter] = field(default_factory=list)

    def add(self, title: str, seconds: int) -> None:
        if seconds <= 0:
            raise ValueError(f"chapter {title!r} has no length")
        self.chapters.append(Chapter(title, seconds))

    @property
    def seconds(self) -> int:
        return sum(c.seconds for c in self.chapters)

    def starts(self) -> list[int]:
        """The second at which each chapter starts."""
        out, at = [], 0
        for chapter in self.chapters:
            out.append(at)
            at += chapter.seconds
        return out

    def listing(self) -> list[dict[str, str]]:
        """One row per chapter for the player: its title and where it starts (h:mm:ss)."""
        return [
            {"title": chapter.title, "starts": fmt_time(at)}
            for chapter, at in zip(self.chapters, self.starts())
        ]

    def summary(self) -> str:
        return f"{self.title}, read by {self.narrator} ({fmt_time(self.seconds)})"
