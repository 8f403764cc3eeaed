"""The observation log of a club telescope: one line per session."""

DEFAULT_OBSERVER = "club"


class Session:
    """A session: target, minutes at the eyepiece, observer (may be unset), seeing 1-5."""

    def __init__(self, target, minutes, observer=None, seeing=3):
        self.target = target
        self.minutes = minutes
        self.observer = observer
        self.seeing = seeing


def _line(target, observer, minutes):
    return f"{target:<10} {observer:<6} {minutes:>4} min"


def log_lines(sessions):
    """Lines for the log book; sessions without an observer are logged for the club."""
    return [_line(s.target, s.observer, s.minutes) for s in sessions]


def best_targets(sessions, seeing=4):
    """Targets seen at ``seeing`` or better, each once, in the order first seen."""
    out = []
    for s in sessions:
        if s.seeing >= seeing and s.target not in out:
            out.append(s.target)
    return out


def total_minutes(sessions):
    """Minutes at the eyepiece over all sessions."""
    return sum(s.minutes for s in sessions)
