from sorting import Item, SortingLine


def test_report_counts_every_item():
    line = SortingLine()
    line.sort(
        [
            Item("bottle", "plastic"),
            Item("nappy", "hygiene"),
            Item("dirty tray", "plastic", True),
            Item("old shoe", "leather", True),
        ]
    )
    assert line.report() == {
        "glass": 0,
        "paper": 0,
        "plastic": 1,
        "metal": 0,
        "rejected": 1,
        "residual": 2,
    }
    assert line.residual == ["nappy", "old shoe"]
    assert line.handled() == 4
    assert line.recycling_rate() == 0.25


def test_nothing_handled():
    assert SortingLine().recycling_rate() == 0.0
