"""Breadth-first crawl of a site's link graph (already fetched into a dict)."""

from collections import deque


def normalize(url):
    """Drop a fragment and a trailing slash: ``/a/#top`` and ``/a`` are the same page."""
    url = url.split("#", 1)[0]
    if len(url) > 1 and url.endswith("/"):
        url = url[:-1]
    return url


def crawl(links, start, max_pages=100):
    """Pages reachable from ``start`` in breadth-first order, each once, at most ``max_pages``.

    ``links`` maps a normalized page to the raw links found on it.
    """
    start = normalize(start)
    seen = {start}
    order = []
    queue = deque([start])
    while queue and len(order) < max_pages:
        page = queue.popleft()
        order.append(page)
        for link in links.get(page, ()):
            target = normalize(link)
            if target in seen:
                continue
            queue.append(target)
    return order


def broken_links(links, start):
    """Pairs (page, link) whose target has no entry in ``links``."""
    broken = []
    for page in crawl(links, start):
        for link in links.get(page, ()):
            if normalize(link) not in links:
                broken.append((page, link))
    return broken
