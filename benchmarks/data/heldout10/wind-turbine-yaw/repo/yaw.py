"""Yaw log of a wind turbine: the nacelle turns to face the wind, which twists the cable
hanging down the tower and wears the yaw drive."""

from collections import defaultdict

UNTWIST_AT_DEG = 720.0  # the controller unwinds the cable after two full turns either way
SERVICE_EVERY_DEG = 50_000.0  # yaw drive service interval, in degrees travelled


def shortest_turn(heading: float, wind_from: float) -> float:
    """Signed turn in degrees (-180, 180] that brings `heading` to `wind_from`."""
    turn = (wind_from - heading) % 360.0
    return turn - 360.0 if turn > 180.0 else turn


class YawLog:
    """Headings of one turbine; positive turns are clockwise."""

    def __init__(self, turbine: str, heading: float = 0.0):
        self.turbine = turbine
        self.heading = heading
        self.cable_twist = 0.0  # signed: turns one way undo turns the other way
        self.travel = 0.0  # degrees the yaw drive has moved, whichever way
        self.by_day: dict[str, float] = defaultdict(float)

    def turn(self, degrees: float, day: str = "") -> None:
        """Turn the nacelle by `degrees` (negative: anticlockwise)."""
        self.heading = (self.heading + degrees) % 360.0
        self.cable_twist += degrees
        self.travel += degrees
        if day:
            self.by_day[day] += abs(degrees)

    def follow(self, wind_from: float, day: str = "") -> float:
        """Face the wind by the shortest turn; return that turn."""
        degrees = shortest_turn(self.heading, wind_from)
        self.turn(degrees, day)
        return degrees

    def needs_untwist(self) -> bool:
        """True when the cable is twisted two full turns or more, either way."""
        return abs(self.cable_twist) >= UNTWIST_AT_DEG

    def service_due(self) -> bool:
        """True when the yaw drive has travelled a service interval."""
        return self.travel >= SERVICE_EVERY_DEG

    def report(self) -> dict[str, float]:
        """Travel and twist, rounded to one decimal."""
        return {"travel": round(self.travel, 1), "twist": round(self.cable_twist, 1)}
