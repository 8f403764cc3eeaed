"""A playlist kept as a singly linked list of tracks."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Track:
    title: str
    artist: str
    seconds: int


class _Node:
    __slots__ = ("track", "next")

    def __init__(self, track):
        self.track = track
        self.next = None


class Playlist:
    def __init__(self, tracks=()):
        self.head = None
        self.size = 0
        for track in tracks:
            self.append(track)

    def append(self, track):
        node = _Node(track)
        if self.head is None:
            self.head = node
        else:
            last = self.head
            while last.next is not None:
                last = last.next
            last.next = node
        self.size += 1

    def titles(self):
        out = []
        node = self.head
        while node is not None:
            out.append(node.track.title)
            node = node.next
        return out

    def total_seconds(self):
        return sum(t.seconds for t in self)

    def __iter__(self):
        node = self.head
        while node is not None:
            yield node.track
            node = node.next

    def drop_artist(self, artist):
        """Remove every track by ``artist``; return how many were removed."""
        removed = 0
        prev = None
        node = self.head
        while node is not None:
            if node.track.artist == artist:
                if prev is None:
                    self.head = node.next
                else:
                    prev.next = node.next
                removed += 1
            node = node.next
        self.size -= removed
        return removed
