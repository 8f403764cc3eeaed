"""A priority queue of jobs that supports cancelling a queued job."""

import heapq
import itertools


class QueueEmpty(Exception):
    """Raised when a job is asked of a queue that holds none."""


class JobQueue:
    """Jobs by priority (lower first), first come first served within a priority."""

    def __init__(self):
        self._heap = []
        self._live = {}
        self._seq = itertools.count()

    def __len__(self):
        return len(self._live)

    def push(self, job_id, priority=0):
        if job_id in self._live:
            raise ValueError(f"job {job_id!r} is already queued")
        entry = [priority, next(self._seq), job_id]
        self._live[job_id] = entry
        heapq.heappush(self._heap, entry)

    def cancel(self, job_id):
        """Remove a queued job; KeyError when it is not queued."""
        entry = self._live.pop(job_id)
        entry[2] = None

    def _drop_cancelled(self):
        while self._heap and self._heap[0][2] is None:
            heapq.heappop(self._heap)

    def peek(self):
        if not self._live:
            raise QueueEmpty("no jobs queued")
        self._drop_cancelled()
        return self._heap[0][2]

    def pop(self):
        self._drop_cancelled()
        _, _, job_id = heapq.heappop(self._heap)
        del self._live[job_id]
        return job_id
