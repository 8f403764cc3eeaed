"""Carnival parade: floats in a singly linked line-up, so late changes are cheap."""

from dataclasses import dataclass


@dataclass
class Float:
    name: str
    next: "Float | None" = None


class LineUp:
    def __init__(self, names: list[str]) -> None:
        self.head: Float | None = None
        for name in reversed(names):
            self.head = Float(name, self.head)

    def names(self) -> list[str]:
        out, node = [], self.head
        while node is not None:
            out.append(node.name)
            node = node.next
        return out

    def withdraw(self, name: str) -> bool:
        """Unlink the first float called ``name``; False when it is not in the line-up."""
        prev, node = None, self.head
        while node is not None:
            if node.name == name:
                if prev is None:
                    self.head = node.next
                else:
                    prev.next = node.next
                return True
            node = node.next
        return False

    def insert_after(self, anchor: str, name: str) -> None:
        node = self.head
        while node is not None and node.name != anchor:
            node = node.next
        if node is None:
            raise KeyError(anchor)
        node.next = Float(name, node.next)


def gaps_needed(lineup: LineUp, spacing_m: int = 25) -> int:
    return max(0, len(lineup.names()) - 1) * spacing_m
