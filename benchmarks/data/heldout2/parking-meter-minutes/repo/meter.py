"""Street parking sessions: paid time, minutes left, top-ups and fines."""

from dataclasses import dataclass

RATE_CENTS_PER_HOUR = 240
GRACE_MINUTES = 5


@dataclass(frozen=True)
class Session:
    plate: str
    started: int  # minutes since midnight
    paid_cents: int

    def paid_minutes(self):
        return self.paid_cents * 60 // RATE_CENTS_PER_HOUR

    def expires_at(self):
        return self.started + self.paid_minutes()


def minutes_left(session, now):
    """Paid minutes left at ``now`` (0 once the session has expired)."""
    return session.expires_at() - now


def overdue_minutes(session, now):
    return max(0, now - session.expires_at())


def fine_cents(session, now):
    late = overdue_minutes(session, now)
    if late <= GRACE_MINUTES:
        return 0
    return 1500 + 100 * ((late - GRACE_MINUTES) // 15)


def top_up(session, now, cents):
    """A new session from ``now`` holding the unused paid time plus ``cents`` more."""
    carried = minutes_left(session, now) * RATE_CENTS_PER_HOUR // 60
    return Session(session.plate, now, carried + cents)
