"""Gym front desk: member check-ins and 'last visit' labels."""


def visits_per_member(checkins):
    """Check-ins per member id from (member id, date) pairs."""
    counts = {}
    for member, _day in checkins:
        counts[member] = counts.get(member, 0) + 1
    return counts


def last_visits(members, checkins):
    """The latest check-in date per member (others are ignored); None for who never came."""
    last = {m: None for m in members}
    for member, day in checkins:
        if member in last and (last[member] is None or day > last[member]):
            last[member] = day
    return last


def labels(members, checkins, today):
    """A label per member: 'never', 'today', 'yesterday' or 'N days ago'."""

    def label(day):
        days = (today - day).days
        if days == 0:
            return "today"
        if days == 1:
            return "yesterday"
        return f"{days} days ago"

    return {m: label(d) for m, d in last_visits(members, checkins).items()}


def lapsed(members, checkins, today, after_days=30):
    """Members whose last visit is over `after_days` days ago or who never came, sorted."""
    last = last_visits(members, checkins)
    return sorted(m for m, d in last.items() if d is None or (today - d).days > after_days)
