"""Horse racing: jockeys' weights in stones and pounds, and the weigh-out before a race."""

from dataclasses import dataclass

SADDLE_LB = 2  # a race saddle
ALLOWANCE_LB = {"apprentice": 7, "conditional": 5, "professional": 0}


def to_pounds(text: str) -> int:
    """A weight as racecards print it, "8-7" (stones-pounds), in pounds (119)."""
    stones, pounds = (int(part) for part in text.split("-"))
    return stones * 14 + pounds


def stones_and_pounds(pounds: int, per_stone: int = 16) -> str:
    """Pounds written the way the weighing room announces them: "8 st 7 lb"."""
    stones, rest = divmod(pounds, per_stone)
    return f"{stones} st {rest} lb"


@dataclass
class Ride:
    jockey: str
    kind: str  # a key of ALLOWANCE_LB
    body_lb: int

    def carried_lb(self) -> int:
        return self.body_lb + SADDLE_LB


@dataclass
class Race:
    name: str
    weight: str  # what the horse must carry, as on the racecard ("9-2")

    def allotted_lb(self, ride: Ride) -> int:
        return to_pounds(self.weight) - ALLOWANCE_LB[ride.kind]

    def weigh_out(self, ride: Ride) -> str:
        """What the clerk of the scales says: overweight, or the lead to add."""
        allotted = self.allotted_lb(ride)
        diff = ride.carried_lb() - allotted
        if diff > 0:
            return f"{ride.jockey} is {diff} lb overweight"
        return f"{ride.jockey} rides at {stones_and_pounds(allotted)} with {-diff} lb of lead"
