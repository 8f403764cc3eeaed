from sorting import Item, SortingLine


def test_items_go_to_their_bins():
    line = SortingLine()
    line.sort([Item("jar", "glass"), Item("box", "paper"), Item("can", "metal")])
    assert line.bins["glass"] == ["jar"]
    assert line.bins["metal"] == ["can"]


def test_contaminated_items_are_rejected():
    line = SortingLine()
    line.sort([Item("greasy box", "paper", True)])
    assert line.rejected == ["greasy box"]
    assert line.bins["paper"] == []


def test_unknown_material_goes_to_residual():
    line = SortingLine()
    line.sort([Item("jar", "glass"), Item("sock", "textile")])
    assert line.unknown == {"textile"}
    assert line.residual == ["sock"]
    assert line.recycling_rate() == 0.5
