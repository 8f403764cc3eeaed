from fetcher import fetch_all


async def test_fetch_all():
    assert await fetch_all(["ab", "c"]) == [2, 1]


def test_module_imports():
    assert callable(fetch_all)
