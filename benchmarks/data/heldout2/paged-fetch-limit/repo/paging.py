"""Fetch every page of a cursor-paginated API, up to an optional number of pages."""


class PageError(Exception):
    """A page that does not look like the API's pages."""


def fetch_all(fetch, max_pages=None):
    """Items of every page, in order.

    ``fetch(cursor)`` returns ``{"items": [...], "next": cursor or None}``; the first call gets
    ``None``. ``max_pages=None`` means no limit.
    """
    items = []
    cursor = None
    pages = 0
    while pages < max_pages:
        page = fetch(cursor)
        if "items" not in page:
            raise PageError(f"page {pages + 1} has no items")
        items.extend(page["items"])
        pages += 1
        cursor = page.get("next")
        if cursor is None:
            break
    return items


def first(fetch, n):
    """The first ``n`` items, fetching only the pages needed."""
    out = []
    pages = 1
    while len(out) < n:
        got = fetch_all(fetch, max_pages=pages)
        if len(got) == len(out):
            break
        out = got
        pages += 1
    return out[:n]
