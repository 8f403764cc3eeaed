"""Room occupancy from the badge readers at a lab's doors."""


class BadgeError(ValueError):
    """A badge left a room it had not entered, or entered a room while inside another."""


def replay(events):
    """Replay ``events``: (badge, room, "in" or "out") triples in time order.

    Returns (people inside each room at the end, the peak count of each room); a room that
    everybody left stays in the first dict with 0. Raises BadgeError for an impossible
    sequence and ValueError for an unknown direction.
    """
    inside = {}
    peak = {}
    where = {}
    for badge, room, direction in events:
        if direction == "in":
            if badge in where:
                raise BadgeError(f"{badge} entered {room} while in {where[badge]}")
            where[badge] = room
            inside[room] = inside.get(room, 0) + 1
            peak[room] = max(peak.get(room, 0), inside[room])
        elif direction == "out":
            if where.get(badge) != room:
                raise BadgeError(f"{badge} left {room} without entering it")
            del where[badge]
        else:
            raise ValueError(f"unknown direction {direction!r}")
    return inside, peak


def still_inside(events):
    """(room, people) for the rooms with somebody inside at the end, sorted by room."""
    inside, _ = replay(events)
    return sorted((room, count) for room, count in inside.items() if count)


def busiest(events):
    """The room with the highest peak (the alphabetically first on a tie), or None."""
    _, peak = replay(events)
    return min(peak, key=lambda room: (-peak[room], room)) if peak else None
