from hall import Section, best_pair


def test_labels_and_pair():
    s = Section("Gallery", 2, 3)
    assert s.all_labels()[:4] == ["A1", "A2", "A3", "B1"]
    s.sell(1, 2)
    assert best_pair(s) == ("B1", "B2")
