"""Statistics of a cache: hits, misses and ratios for a report."""


def _percent(part, whole, digits=1):
    """``part`` as a percentage of ``whole``, rounded; 0.0 when ``whole`` is 0."""
    if whole == 0:
        return 0.0
    return round(100.0 * part / whole, digits)


class CacheStats:
    """Counters of one cache."""

    def __init__(self):
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def record(self, hit):
        if hit:
            self.hits += 1
        else:
            self.misses += 1

    @property
    def lookups(self):
        return self.hits + self.misses

    def hit_ratio(self):
        """Hits as a percentage of lookups."""
        return _percent(self.lookups, self.hits)

    def eviction_ratio(self):
        """Evictions as a percentage of misses (each miss may insert an entry)."""
        return _percent(self.evictions, self.misses)

    def report(self):
        return (
            f"{self.lookups} lookups, {self.hit_ratio()}% hits, "
            f"{self.eviction_ratio()}% of inserts evicted"
        )
