"""Ski lift boarding: chairs of a fixed size take skiers from the queue at the bottom."""


class Lift:
    """A chair lift whose chairs seat ``seats`` skiers each."""

    def __init__(self, seats):
        self.seats = seats
        self.chairs = []
        self.carried = 0

    def _send(self, skiers):
        """Send one chair up with ``skiers`` people on it."""
        self.chairs.append(skiers)
        self.carried += skiers

    def run(self, waiting, chairs):
        """Send up to ``chairs`` chairs from a queue of ``waiting`` skiers; return who is left."""
        for _ in range(chairs):
            if waiting == 0:
                break
            self._send(waiting)
            waiting -= self.chairs[-1]
        return waiting

    def mean_load(self):
        """Average skiers per chair sent so far (0.0 before any chair went up)."""
        if not self.chairs:
            return 0.0
        return self.carried / len(self.chairs)
