"""A campsite's pitches: a booking takes the first free pitch big enough for the tent."""


class Pitch:
    """A numbered pitch that holds tents up to ``size`` square metres."""

    def __init__(self, number, size):
        self.number = number
        self.size = size
        self.guest = None


class Campsite:
    """Pitches in the order of the path from the gate."""

    def __init__(self, sizes):
        self.pitches = [Pitch(i + 1, size) for i, size in enumerate(sizes)]

    def book(self, guest, tent):
        """Put ``guest`` on the first free pitch of at least ``tent`` m2; its number, or None."""
        for pitch in self.pitches:
            if pitch.guest is None and pitch.size >= tent:
                pitch.guest = guest
        return None

    def free(self):
        """Numbers of the pitches without a guest."""
        return [p.number for p in self.pitches if p.guest is None]

    def leave(self, guest):
        """``guest`` leaves; their pitches are free again. Returns how many were freed."""
        freed = 0
        for pitch in self.pitches:
            if pitch.guest == guest:
                pitch.guest = None
                freed += 1
        return freed
