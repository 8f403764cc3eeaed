"""Hotel key cards: which doors a card opens, and until when."""

from dataclasses import dataclass, field


@dataclass
class KeyCard:
    """A card's holder, rooms and expiry hour (None: never expires, as for staff cards)."""

    holder: str
    rooms: set = field(default_factory=set)
    expires: int | None = None

    def opens(self, room, now):
        """True when the card holds `room` and has not expired at hour `now`."""
        return room in self.rooms and (now < self.expires)

    def extend(self, hours):
        """Move a guest card's expiry `hours` later; a card without expiry keeps none."""
        if self.expires is not None:
            self.expires += hours


def issue_guest(holder, room, checkout):
    """A guest card for one room, expiring at the checkout hour."""
    return KeyCard(holder, {room}, checkout)


def issue_staff(holder, rooms):
    """A staff card for several rooms, without expiry."""
    return KeyCard(holder, set(rooms))


def door_log(cards, room, now):
    """Holders whose card opens `room` at hour `now`, sorted."""
    return sorted(c.holder for c in cards if c.opens(room, now))
