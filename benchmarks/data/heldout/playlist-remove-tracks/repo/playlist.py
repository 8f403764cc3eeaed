"""A playlist kept as a singly linked list of tracks."""


class _Node:
    __slots__ = ("track", "next")

    def __init__(self, track, next=None):
        self.track = track
        self.next = next


class Playlist:
    """Tracks in play order; appending and removing keep ``head`` and ``tail`` right."""

    def __init__(self, tracks=()):
        self.head = None
        self.tail = None
        self.size = 0
        for track in tracks:
            self.append(track)

    def append(self, track):
        node = _Node(track)
        if self.tail is None:
            self.head = node
        else:
            self.tail.next = node
        self.tail = node
        self.size += 1

    def __iter__(self):
        node = self.head
        while node is not None:
            yield node.track
            node = node.next

    def remove_all(self, track):
        """Remove every occurrence of ``track``; return how many were removed."""
        removed = 0
        prev, node = None, self.head
        while node is not None:
            nxt = node.next
            if node.track == track:
                if prev is None:
                    self.head = nxt
                else:
                    prev.next = nxt
                if nxt is None:
                    self.tail = prev
                removed += 1
                node = nxt
                continue
            node = nxt
        self.size -= removed
        return removed
