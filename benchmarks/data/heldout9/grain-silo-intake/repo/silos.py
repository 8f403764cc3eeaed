"""Farm grain silos: intake from trailers, what is turned away, and the stock report."""

from dataclasses import dataclass, field


@dataclass
class Silo:
    """A silo of ``capacity_t`` tonnes holding one crop."""

    name: str
    crop: str
    capacity_t: float
    stored_t: float = 0.0
    log: list[tuple[str, float]] = field(default_factory=list)

    @property
    def space_t(self) -> float:
        return self.capacity_t - self.stored_t

    def take_in(self, trailer: str, tonnes: float) -> float:
        """Fill from a trailer; returns the tonnes taken (the rest stays on the trailer)."""
        if tonnes < 0:
            raise ValueError("a negative load")
        before = self.stored_t
        self.stored_t += tonnes
        taken = self.stored_t - before
        self.log.append((trailer, taken))
        return taken

    def unload(self, tonnes: float) -> float:
        out = min(tonnes, self.stored_t)
        self.stored_t -= out
        return out


class Farm:
    def __init__(self, silos: list[Silo]) -> None:
        self.silos = {s.name: s for s in silos}

    def deliver(self, crop: str, trailer: str, tonnes: float) -> float:
        """Fill the silos of ``crop`` in name order; returns the tonnes left on the trailer."""
        left = tonnes
        for name in sorted(self.silos):
            silo = self.silos[name]
            if silo.crop == crop and left > 0:
                left -= silo.take_in(trailer, left)
        return left

    def report(self) -> dict[str, float]:
        return {name: round(s.stored_t, 1) for name, s in sorted(self.silos.items())}
