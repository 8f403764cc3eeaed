from lineage import common_ancestor, generations, lineage

TREE = {"ida": "rosa", "rosa": "hugo", "hugo": "greta", "tom": "rosa"}


def test_lineage_of_a_grandchild():
    assert lineage(TREE, "ida") == "greta > hugo > rosa > ida"


def test_lineage_of_someone_without_parents():
    assert lineage(TREE, "greta") == "greta"


def test_generations():
    assert generations(TREE, "ida") == 3
    assert generations(TREE, "greta") == 0


def test_common_ancestor():
    assert common_ancestor(TREE, "ida", "tom") == "rosa"
