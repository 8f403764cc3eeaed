"""Podcast feed entries shortened for a small player screen."""

SCREEN = 24
ELLIPSIS = "..."


def short_title(title, width=SCREEN):
    """``title`` cut to at most ``width`` characters, ending in ``...`` when it was cut."""
    if title and title > width:
        return title[: width - len(ELLIPSIS)].rstrip() + ELLIPSIS
    return title or ""


def duration_text(seconds):
    """``seconds`` as ``H:MM:SS`` (or ``M:SS`` under an hour)."""
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def episode_code(season, number):
    """The short code of an episode, e.g. ``S02E07``."""
    return f"S{season:02d}E{number:02d}"


def row(season, number, title, seconds, width=SCREEN):
    """One line of the player's list: code, shortened title, duration."""
    return f"{episode_code(season, number)} {short_title(title, width)} ({duration_text(seconds)})"
