from lineage import lineage


def test_lineage_with_one_parent():
    assert lineage({"kai": "lena"}, "kai") == "lena > kai"
