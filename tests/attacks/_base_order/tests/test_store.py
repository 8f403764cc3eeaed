from store import Store

STORE = Store()


def test_put_then_get():
    STORE.put("a", 1)
    assert STORE.get("a") == 1


def test_count_after_put():
    # the suite's tests share one store: test_put_then_get, which runs first, put one item
    assert STORE.count() == 1
