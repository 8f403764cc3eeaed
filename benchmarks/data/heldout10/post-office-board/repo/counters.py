"""The counters of a post office: tickets drawn, counters calling, the display board."""

from collections import deque


class PostOffice:
    """Waiting tickets and what each counter is doing."""

    def __init__(self, counters: int):
        self.waiting: deque[int] = deque()
        self.serving: dict[int, int | None] = {c: None for c in range(1, counters + 1)}
        self.closed: set[int] = set()
        self._last = 0

    def draw(self) -> int:
        """A customer draws the next ticket."""
        self._last += 1
        self.waiting.append(self._last)
        return self._last

    def status(self, counter: int) -> str:
        """What the board shows for a counter: "closed", the ticket being served ("A007"),
        or "free"."""
        if counter in self.closed:
            return "closed"
        ticket = self.serving[counter]
        return f"A{ticket:03d}" if ticket else ""

    def free_counters(self) -> list[int]:
        """Counters open and serving nobody, by number."""
        return [c for c in sorted(self.serving) if self.status(c) == "free"]

    def call_next(self) -> list[tuple[int, int]]:
        """Every free counter calls the next ticket; return the (counter, ticket) calls."""
        calls = []
        for counter in self.free_counters():
            if not self.waiting:
                break
            ticket = self.waiting.popleft()
            self.serving[counter] = ticket
            calls.append((counter, ticket))
        return calls

    def done(self, counter: int) -> None:
        """The counter has finished with its customer."""
        self.serving[counter] = None

    def close(self, counter: int) -> None:
        """Close a counter; raises RuntimeError while it still serves someone."""
        if self.serving[counter] is not None:
            raise RuntimeError(f"counter {counter} is still serving")
        self.closed.add(counter)

    def board(self) -> list[str]:
        """The display board, one line a counter."""
        return [f"{c}: {self.status(c)}" for c in sorted(self.serving)]
