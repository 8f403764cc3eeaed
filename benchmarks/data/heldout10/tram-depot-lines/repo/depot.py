"""A tram depot: trams sent out on lines, brought back, and the lines short of trams."""

from collections import Counter


class UnknownTram(KeyError):
    """A tram the depot did not send out."""


class Depot:
    """Trams in the depot, trams running, and how many each line wants."""

    def __init__(self, fleet: list[str], wanted: dict[str, int]):
        self.in_depot = sorted(fleet)
        self.wanted = dict(wanted)  # trams each line should have running
        self.running: dict[str, str] = {}  # tram -> line
        self.on_line: Counter = Counter()

    def send_out(self, line: str) -> str:
        """Send the first tram in the depot out on `line`; return its number."""
        if not self.in_depot:
            raise LookupError("no tram in the depot")
        tram = self.in_depot.pop(0)
        self.running[tram] = line
        self.on_line[line] += 1
        return tram

    def bring_in(self, tram: str) -> str:
        """Bring a tram back from its line; return the line it was on."""
        try:
            line = self.running.pop(tram)
        except KeyError:
            raise UnknownTram(tram) from None
        self.in_depot.append(tram)
        self.in_depot.sort()
        return line

    def short_lines(self) -> dict[str, int]:
        """Lines with fewer trams running than wanted, and how many they lack."""
        return {ln: n - self.on_line[ln] for ln, n in self.wanted.items() if self.on_line[ln] < n}

    def fill_short_lines(self) -> list[str]:
        """Send trams out until no line is short or the depot is empty; return the trams sent."""
        sent = []
        for line, missing in sorted(self.short_lines().items()):
            for _ in range(min(missing, len(self.in_depot))):
                sent.append(self.send_out(line))
        return sent
