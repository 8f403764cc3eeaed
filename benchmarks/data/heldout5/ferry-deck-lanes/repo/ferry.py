"""Car ferry loading: vehicles on each deck lane while boarding."""

LANE_CAPACITY = {"A": 12, "B": 12, "C": 8}


def deck_counts(events):
    """Vehicles per lane after (action, lane) events, action 'board' or 'leave'.

    Returns (vehicles per lane, boardings, departures); an unknown action raises ValueError.
    """
    on_deck = {lane: 0 for lane in LANE_CAPACITY}
    boarded = left = 0
    for action, lane in events:
        if action == "board":
            on_deck[lane] += 1
            boarded += 1
        elif action == "leave":
            left += 1
        else:
            raise ValueError(f"unknown action {action!r}")
    return on_deck, boarded, left


def free_space(events):
    """Free places per lane after the events."""
    counts, _, _ = deck_counts(events)
    return {lane: LANE_CAPACITY[lane] - n for lane, n in counts.items()}


def next_lane(events):
    """The lane with the most free places (ties: alphabetical), or None when the deck is full."""
    space = free_space(events)
    lane = min(space, key=lambda k: (-space[k], k))
    return lane if space[lane] > 0 else None
