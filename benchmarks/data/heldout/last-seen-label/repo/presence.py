"""How a chat app shows when a contact was last online."""

from datetime import datetime, timezone


def last_seen(ts, now):
    """A label for the last-online time ``ts`` (epoch seconds, None when never) seen at ``now``."""
    delta = now - ts
    if delta < 60:
        return "just now"
    if delta < 3600:
        return f"{delta // 60} min ago"
    if delta < 86400:
        return f"{delta // 3600} h ago"
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%d")


def roster(contacts, now):
    """``"name: label"`` lines for ``{name: last online ts or None}``, sorted by name."""
    return [f"{name}: {last_seen(ts, now)}" for name, ts in sorted(contacts.items())]
