from diffstat import report, shortstat


def test_an_empty_report():
    assert report({}) == "no changes"


def test_deletions_only():
    assert shortstat({"x.txt": (0, 4)}) == "1 file changed, 4 deletions(-)"
