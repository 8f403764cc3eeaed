import pytest

from yard import Box, Yard, YardFull


def test_a_box_goes_on_a_stack_with_a_heavier_top():
    yard = Yard(bays=3, stacks=[[Box("A1", 20.0)], [Box("B1", 30.0)]])
    assert yard.stow(Box("C1", 25.0)) == 1 and yard.heights() == [1, 2]


def test_a_box_heavier_than_every_top_starts_a_new_stack():
    yard = Yard(bays=3, stacks=[[Box("A1", 20.0)]])
    assert yard.stow(Box("D1", 28.0)) == 1
    assert [[b.code for b in s] for s in yard.stacks] == [["A1"], ["D1"]]


def test_a_full_yard_refuses_the_box():
    yard = Yard(bays=1, max_height=2, stacks=[[Box("A1", 20.0), Box("A2", 10.0)]])
    with pytest.raises(YardFull):
        yard.stow(Box("E1", 5.0))


def test_retrieving_counts_the_boxes_lifted_off():
    yard = Yard(bays=2, stacks=[[Box("A1", 20.0), Box("A2", 15.0), Box("A3", 9.0)]])
    box, lifted = yard.retrieve("A1")
    assert (box.code, lifted, yard.heights()) == ("A1", 2, [2])
