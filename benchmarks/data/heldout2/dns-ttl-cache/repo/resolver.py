"""A resolver cache that keeps answers for their time-to-live."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    addresses: tuple
    stored_at: float
    ttl: float

    def is_stale(self, now):
        return now - self.stored_at >= self.ttl


class CachingResolver:
    def __init__(self, upstream, clock, min_ttl=1.0):
        self._upstream = upstream  # name -> (addresses, ttl in seconds)
        self._clock = clock
        self._min_ttl = min_ttl
        self._entries = {}
        self.upstream_queries = 0

    def resolve(self, name):
        name = name.lower().rstrip(".")
        now = self._clock()
        entry = self._entries.get(name)
        if entry is not None and entry.is_stale(now):
            return entry.addresses
        self.upstream_queries += 1
        addresses, ttl = self._upstream(name)
        self._entries[name] = Entry(tuple(addresses), now, max(ttl, self._min_ttl))
        return self._entries[name].addresses

    def flush(self, name=None):
        if name is None:
            self._entries.clear()
        else:
            self._entries.pop(name.lower().rstrip("."), None)

    def cached_names(self):
        return sorted(self._entries)
