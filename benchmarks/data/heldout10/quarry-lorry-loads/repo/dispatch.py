"""A stone quarry's dispatch office: which cut blocks go on the next lorry."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Block:
    code: str
    tonnes: float
    stone: str = "granite"


def weight(blocks: list[Block]) -> float:
    """Tonnes of a load, to the kilogram."""
    return round(sum(b.tonnes for b in blocks), 3)


class Dispatch:
    """The blocks waiting in the yard, in the order they were cut."""

    def __init__(self, max_tonnes: float = 28.0):
        self.max_tonnes = max_tonnes
        self.yard: list[Block] = []

    def cut(self, code: str, tonnes: float, stone: str = "granite") -> Block:
        """A new block comes out of the quarry face."""
        block = Block(code, tonnes, stone)
        self.yard.append(block)
        return block

    def loadings(self, blocks: list[Block]) -> list[list[Block]]:
        """Every choice of blocks the lorry can carry (yard order kept), the empty one included."""
        loads: list[list[Block]] = []
        for block in blocks:
            loads += [
                load + [block] for load in loads if weight(load) + block.tonnes <= self.max_tonnes
            ]
        return loads

    def best_load(self) -> list[str]:
        """The heaviest load the lorry can take from the yard; the fewest blocks among equals."""
        best = max(self.loadings(self.yard), key=lambda load: (weight(load), -len(load)))
        return [b.code for b in best]

    def ship(self) -> float:
        """Send the best load off; return its tonnes."""
        codes = set(self.best_load())
        load = [b for b in self.yard if b.code in codes]
        self.yard = [b for b in self.yard if b.code not in codes]
        return weight(load)
