from spellingbee import Bee


def test_small_field_and_ranking():
    bee = Bee()
    bee.enter("Eve", "Yew")
    bee.enter("Fin", "Yew")
    bee.spell("Fin", False)
    assert bee.board() == {"podium": ["Eve", "Fin"], "spellers": 2, "rounds": 1}
    for name in ["Gus", "Hal", "Ivy"]:
        bee.enter(name, "Fir")
    assert len(bee.board()["podium"]) == 3
