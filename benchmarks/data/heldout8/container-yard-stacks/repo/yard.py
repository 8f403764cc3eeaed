"""Stowing containers in a port's yard: stacks of limited height, heavier boxes underneath."""

from __future__ import annotations

from dataclasses import dataclass, field


class YardFull(Exception):
    """No stack can take the container and no bay is free for a new stack."""


@dataclass
class Box:
    code: str
    weight_t: float


@dataclass
class Yard:
    bays: int
    max_height: int = 4
    stacks: list[list[Box]] = field(default_factory=list)

    def fits_on(self, stack: list[Box], box: Box) -> bool:
        if len(stack) >= self.max_height:
            return False
        return not stack or stack[-1].weight_t >= box.weight_t

    def stow(self, box: Box) -> int:
        """Put ``box`` on the first stack it fits on, else start a new one; returns its index."""
        for i, stack in enumerate(self.stacks):
            if self.fits_on(stack, box):
                stack.append(box)
                return i
        if len(self.stacks) < self.bays:
            return len(self.stacks) - 1
        raise YardFull(box.code)

    def retrieve(self, code: str) -> tuple[Box, int]:
        """Take a box out; returns it and how many boxes were lifted off it first."""
        for stack in self.stacks:
            for depth, box in enumerate(reversed(stack)):
                if box.code == code:
                    del stack[len(stack) - 1 - depth]
                    return box, depth
        raise KeyError(code)

    def heights(self) -> list[int]:
        return [len(s) for s in self.stacks]
