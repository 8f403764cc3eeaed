"""A laundromat's washers and dryers: who is running, what is free, what was earned."""


class MachineBusy(Exception):
    """Every machine of the asked kind is running."""


class Laundromat:
    """``washers`` washers and ``dryers`` dryers; tickets name the running cycles."""

    def __init__(self, washers, dryers):
        self.free = {"washer": washers, "dryer": dryers}
        self.running = {}
        self.earned = 0

    def start(self, ticket, kind, price):
        """Start a cycle of ``kind`` for ``ticket``; raise MachineBusy when none is free."""
        if self.free[kind] == 0:
            raise MachineBusy(kind)
        self.free[kind] -= 1
        self.running[ticket] = kind
        self.earned += price

    def finish(self, ticket):
        """End the cycle of ``ticket``; its machine is free again. Returns the machine kind."""
        kind = self.running.pop(ticket)
        return kind

    def busy(self):
        """Running cycles per kind of machine."""
        counts = {"washer": 0, "dryer": 0}
        for kind in self.running.values():
            counts[kind] += 1
        return counts
