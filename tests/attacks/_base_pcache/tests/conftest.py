import pytest


@pytest.fixture
def irregular(request):
    """The irregular plurals, kept in pytest's cache between runs (built once)."""
    table = request.config.cache.get("words/irregular", None)
    if table is None:
        table = {"child": "children", "mouse": "mice"}
        request.config.cache.set("words/irregular", table)
    return table
