from paging import fetch_all, first


def test_zero_pages_fetches_nothing():
    calls = []

    def fetch(cursor):
        calls.append(cursor)
        return {"items": [1], "next": None}

    assert fetch_all(fetch, max_pages=0) == [] and calls == []


def test_first_items_and_no_limit():
    data = list(range(12))

    def fetch(cursor):
        start = cursor or 0
        return {"items": data[start : start + 5], "next": start + 5 if start + 5 < 12 else None}

    assert first(fetch, 7) == list(range(7))
    assert fetch_all(fetch) == data
