from records import normalize, tags

CASES = [
    ({"name": " ada "}, "Ada"),
    ({"name": "GRACE"}, "Grace"),
]
TAGGED = {"name": "x", "tags": ["b", "a"]}


def test_normalize_names():
    for rec, want in CASES:
        assert normalize(rec)["name"] == want


def test_tags():
    assert tags(TAGGED) == ["a", "b"]
