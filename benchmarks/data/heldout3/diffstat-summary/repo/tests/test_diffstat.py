from diffstat import graph, report, shortstat


def test_one_file():
    assert shortstat({"a.py": (1, 0)}) == "1 file changed, 1 insertion(+)"


def test_several_files():
    changes = {"a.py": (3, 1), "b.py": (2, 0)}
    assert shortstat(changes) == "2 files changed, 5 insertions(+), 1 deletion(-)"


def test_graph():
    assert graph(5, 2) == "+++++--"
    assert graph(10, 3, scale=4) == "+++-"


def test_report():
    assert report({"src/app.py": (2, 1), "README": (1, 0)}) == (
        "README     | 1 +\n"
        "src/app.py | 3 ++-\n"
        "2 files changed, 3 insertions(+), 1 deletion(-)"
    )


def test_no_changes():
    assert shortstat({}) == "no changes"
