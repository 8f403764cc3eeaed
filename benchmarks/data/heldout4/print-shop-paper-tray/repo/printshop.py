"""A print shop's queue: jobs print in order while the paper tray has enough sheets."""

from collections import deque


def run(jobs, sheets):
    """Print (name, pages) jobs in order until one does not fit in the tray.

    Returns (printed job names, sheets left, names of the jobs still waiting).
    """
    queue = deque(jobs)
    done = []
    while True:
        name, pages = queue[0]
        if pages > sheets:
            break
        queue.popleft()
        sheets -= pages
        done.append(name)
    return done, sheets, [name for name, _ in queue]


def sheets_needed(jobs, duplex=False):
    """Sheets for all ``jobs``; two pages per sheet when printing on both sides."""
    if duplex:
        return sum((pages + 1) // 2 for _, pages in jobs)
    return sum(pages for _, pages in jobs)


def refill(jobs, sheets, ream=500):
    """Reams to add so that every job prints."""
    missing = sheets_needed(jobs) - sheets
    return max(0, -(-missing // ream))
