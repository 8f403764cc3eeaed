import store


def test_put_then_get():
    store.put("a", 1)
    assert store.get("a") == 1
    store.clear()


def test_starts_empty():
    assert store.size() == 0
