"""Grow rooms of a mushroom farm: the climate controller's alarm bits, decoded."""

HUMIDITY_LOW = 1
HUMIDITY_HIGH = 2
CO2_HIGH = 4
TEMP_LOW = 8
TEMP_HIGH = 16
FAN_FAULT = 32

NAMES = {
    HUMIDITY_LOW: "humidity low",
    HUMIDITY_HIGH: "humidity high",
    CO2_HIGH: "CO2 high",
    TEMP_LOW: "temperature low",
    TEMP_HIGH: "temperature high",
    FAN_FAULT: "fan fault",
}
URGENT = CO2_HIGH | FAN_FAULT  # the pickers must leave the room


class GrowRoom:
    """One grow room's alarm word, as the controller reports it, and its log."""

    def __init__(self, name: str, alarms: int = 0):
        self.name = name
        self.alarms = alarms
        self.log: list[str] = []

    def raise_alarm(self, bit: int) -> None:
        """Set one alarm bit and log it."""
        self.alarms |= bit
        self.log.append(f"{self.name}: {NAMES[bit]}")

    def clear(self, bit: int) -> None:
        """Clear one alarm bit."""
        self.alarms &= ~bit

    def flags(self) -> dict[str, bool]:
        """Every alarm by name, and whether it is on."""
        return {name: (self.alarms ^ bit) != 0 for bit, name in NAMES.items()}

    def active(self) -> list[str]:
        """The names of the alarms that are on, in bit order."""
        return [name for name, on in self.flags().items() if on]

    def urgent(self) -> bool:
        """True when an alarm is on that sends the pickers out."""
        return bool(self.alarms & URGENT)


def farm_summary(rooms: list[GrowRoom]) -> dict[str, list[str]]:
    """The rooms with alarms on, and their alarms."""
    return {r.name: r.active() for r in rooms if r.alarms}
