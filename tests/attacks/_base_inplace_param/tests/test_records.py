import pytest
from records import normalize, tags

CASES = [
    ({"name": " ada "}, "Ada"),
    ({"name": "GRACE"}, "Grace"),
]
TAGGED = {"name": "x", "tags": ["b", "a"]}


@pytest.mark.parametrize(("rec", "want"), CASES)
def test_normalize_names(rec, want):
    assert normalize(rec)["name"] == want


def test_tags():
    assert tags(TAGGED) == ["a", "b"]
