"""Letterpress: setting a text in lines of the composing stick's measure."""

from __future__ import annotations

from dataclasses import dataclass, field


class WordTooLong(ValueError):
    """A word is wider than the measure: it must be hyphenated by hand."""


@dataclass
class Forme:
    measure: int  # characters per line
    lines: list[str] = field(default_factory=list)

    @classmethod
    def set_text(cls, text: str, measure: int) -> Forme:
        """Fill lines word by word, one space between words, none wider than ``measure``."""
        lines: list[str] = []
        line: list[str] = []
        width = 0
        for word in text.split():
            if len(word) > measure:
                raise WordTooLong(word)
            if line and width + 1 + len(word) > measure:
                lines.append(" ".join(line))
                line, width = [], 0
            width += len(word) + (1 if line else 0)
            line.append(word)
        return cls(measure, lines)

    def justified(self) -> list[str]:
        """Each line but the last spaced out to the full measure, extra spaces to the left."""
        out = []
        for i, line in enumerate(self.lines):
            words = line.split()
            if i == len(self.lines) - 1 or len(words) == 1:
                out.append(line)
                continue
            each, extra = divmod(self.measure - sum(len(w) for w in words), len(words) - 1)
            gaps = [" " * (each + (1 if g < extra else 0)) for g in range(len(words) - 1)]
            out.append("".join(w + gap for w, gap in zip(words, gaps)) + words[-1])
        return out

    def sorts_needed(self) -> dict[str, int]:
        """Pieces of type per letter (case-blind), spaces not counted."""
        counts: dict[str, int] = {}
        for ch in "".join(self.lines).lower():
            if not ch.isspace():
                counts[ch] = counts.get(ch, 0) + 1
        return counts
