"""A model railway controller: locomotive speed and direction, every command undoable."""

from dataclasses import dataclass

MAX_SPEED = 126  # DCC speed steps


@dataclass
class Loco:
    address: int
    name: str
    speed: int = 0
    forward: bool = True


class Controller:
    """The locos on the layout, by DCC address, and the undo history."""

    def __init__(self, locos: list[Loco]):
        self.locos = {loco.address: loco for loco in locos}
        self.history: list[tuple[str, int, object]] = []

    def command(self, address: int, action: str, value: int = 0) -> Loco:
        """Apply "speed" (to `value` steps), "reverse" or "stop" to one loco; each can be undone."""
        loco = self.locos[address]
        if action == "speed":
            self.history.append(("speed", address, loco.speed))
            loco.speed = max(0, min(value, MAX_SPEED))
        elif action == "reverse":
            if loco.speed:
                raise RuntimeError(f"{loco.name} must stop before reversing")
            loco.forward = not loco.forward
        elif action == "stop":
            self.history.append(("speed", address, loco.speed))
            loco.speed = 0
        else:
            raise ValueError(f"unknown action {action!r}")
        return loco

    def undo(self) -> Loco:
        """Undo the last command; raises IndexError when there is none."""
        attribute, address, old = self.history.pop()
        loco = self.locos[address]
        setattr(loco, attribute, old)
        return loco

    def emergency_stop(self) -> list[int]:
        """Stop every moving loco; return their addresses."""
        moving = [a for a in sorted(self.locos) if self.locos[a].speed]
        for address in moving:
            self.command(address, "stop")
        return moving

    def panel(self) -> list[str]:
        """One line per loco: address, name, direction arrow, speed."""
        return [
            f"{lo.address:3d} {lo.name:10} {'>' if lo.forward else '<'} {lo.speed:3d}"
            for lo in self.locos.values()
        ]
