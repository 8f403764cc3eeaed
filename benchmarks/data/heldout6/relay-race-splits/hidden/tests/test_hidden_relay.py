from relay import Team


def test_card():
    t = Team("Hawks", ["Dee", "Eli"], ["10:00", "11:12", "12:10"])
    assert t.card() == ["Dee     1:12", "Eli     0:58"]
    assert t.fastest() == "Eli"


def test_late_start_splits():
    t = Team("Wrens", ["F", "G", "H"], ["5:30", "6:50", "8:00", "9:45"])
    assert t.splits() == [80, 70, 105]
    assert sum(t.splits()) == t.total()
