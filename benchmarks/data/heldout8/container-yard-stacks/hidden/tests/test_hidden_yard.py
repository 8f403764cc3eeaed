from yard import Box, Yard


def test_an_empty_yard_fills_stack_by_stack():
    yard = Yard(bays=3, max_height=2)
    boxes = [Box("K1", 30.0), Box("K2", 20.0), Box("K3", 25.0), Box("K4", 10.0)]
    assert [yard.stow(b) for b in boxes] == [0, 0, 1, 1]
    assert yard.heights() == [2, 2]


def test_a_box_stowed_in_a_new_stack_can_be_retrieved():
    yard = Yard(bays=2)
    yard.stow(Box("M1", 12.0))
    yard.stow(Box("M2", 18.0))
    assert yard.retrieve("M2") == (Box("M2", 18.0), 0)
