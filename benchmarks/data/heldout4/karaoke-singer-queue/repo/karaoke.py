"""A karaoke night's queue of singers; the host counts positions from 1."""


class Queue:
    """Singers waiting to sing, first in line first."""

    def __init__(self):
        self.waiting = []
        self.sung = []

    def sign_up(self, singer, song):
        """Add ``singer`` at the end of the line; returns their position (from 1)."""
        self.waiting.append((singer, song))
        return len(self.waiting)

    def drop(self, position):
        """Take the singer at ``position`` (counted from 1) out of the line; return the name."""
        singer, _ = self.waiting.pop(position)
        return singer

    def next_up(self):
        """The next singer takes the stage: (singer, song), or None when nobody waits."""
        if not self.waiting:
            return None
        turn = self.waiting.pop(0)
        self.sung.append(turn)
        return turn

    def line(self):
        """The waiting singers as ``"1. name (song)"`` lines."""
        return [f"{i}. {singer} ({song})" for i, (singer, song) in enumerate(self.waiting, 1)]
