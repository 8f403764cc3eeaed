"""Film festival projection booth: the reels of a print, kept in reel order."""


class Reel:
    """One reel of film: its number, its running minutes, and the next reel."""

    def __init__(self, number, minutes):
        self.number = number
        self.minutes = minutes
        self.next = None


class Print:
    """A print as a singly linked list of reels sorted by reel number."""

    def __init__(self, title):
        self.title = title
        self.head = None
        self.size = 0

    def add(self, number, minutes):
        """Insert a reel at its place in reel order (reels arrive from storage in any order)."""
        reel = Reel(number, minutes)
        prev, node = None, self.head
        for _ in range(self.size):
            if node.number > number:
                break
            node = node.next
        reel.next = node
        if prev is None:
            self.head = reel
        else:
            prev.next = reel
        self.size += 1

    def numbers(self):
        """Reel numbers from the head on."""
        out, node = [], self.head
        for _ in range(self.size):
            out.append(node.number)
            node = node.next
        return out

    def runtime(self):
        """Total running minutes of the reels."""
        total, node = 0, self.head
        for _ in range(self.size):
            total += node.minutes
            node = node.next
        return total
