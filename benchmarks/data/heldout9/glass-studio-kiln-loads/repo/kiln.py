"""Glassblowing studio: pieces waiting for the annealing kiln, packed into kiln loads."""

from dataclasses import dataclass

SHELF_KG = 12.0  # what one kiln load may weigh


@dataclass(frozen=True)
class Piece:
    maker: str
    name: str
    kg: float
    anneal_h: int


def pack_loads(pieces: list[Piece], limit_kg: float = SHELF_KG) -> list[list[Piece]]:
    """Pack pieces into kiln loads in the given order, starting a new load when one is full."""
    loads: list[list[Piece]] = []
    load: list[Piece] = []
    weight = 0.0
    for piece in pieces:
        if piece.kg > limit_kg:
            raise ValueError(f"{piece.name} is too heavy for the kiln")
        if weight + piece.kg > limit_kg:
            loads.append(load)
            load, weight = [], 0.0
        load.append(piece)
        weight += piece.kg
    return loads


class Kiln:
    def __init__(self, name: str, limit_kg: float = SHELF_KG) -> None:
        self.name = name
        self.limit_kg = limit_kg
        self.queue: list[Piece] = []

    def add(self, piece: Piece) -> None:
        self.queue.append(piece)

    def schedule(self) -> list[tuple[int, list[str]]]:
        """(hours, piece names) per load; a load anneals as long as its slowest piece."""
        plan = []
        for load in pack_loads(self.queue, self.limit_kg):
            plan.append((max(p.anneal_h for p in load), [p.name for p in load]))
        return plan

    def hours(self) -> int:
        return sum(h for h, _ in self.schedule())
