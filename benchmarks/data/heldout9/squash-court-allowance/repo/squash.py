"""Squash club: members' weekly court allowance and the week's booking sheet."""

from collections import Counter
from dataclasses import dataclass


class NoAllowanceLeft(Exception):
    """The member has used up this week's court bookings."""


@dataclass(frozen=True)
class Member:
    """A member; ``weekly_limit`` None means no limit (full members), 0 a suspended member."""

    name: str
    weekly_limit: int | None = 2


class BookingSheet:
    """One week's court bookings: (court, hour) -> the member's name."""

    def __init__(self, courts: int) -> None:
        self.courts = courts
        self.slots: dict[tuple[int, int], str] = {}

    def used(self, member: Member) -> int:
        return Counter(self.slots.values())[member.name]

    def may_book(self, member: Member) -> bool:
        """Whether the member has a booking left this week."""
        return self.used(member) < member.weekly_limit

    def book(self, member: Member, court: int, hour: int) -> None:
        if not 1 <= court <= self.courts:
            raise ValueError(f"there is no court {court}")
        if (court, hour) in self.slots:
            raise ValueError(f"court {court} is taken at {hour}:00")
        if not self.may_book(member):
            raise NoAllowanceLeft(member.name)
        self.slots[(court, hour)] = member.name

    def cancel(self, court: int, hour: int) -> None:
        del self.slots[(court, hour)]

    def free_courts(self, hour: int) -> list[int]:
        return [c for c in range(1, self.courts + 1) if (c, hour) not in self.slots]
