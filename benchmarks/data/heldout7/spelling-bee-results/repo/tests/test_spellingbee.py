import pytest
from spellingbee import Bee, schools


def build():
    bee = Bee()
    for name, school in [("Ada", "Elm"), ("Ben", "Oak"), ("Cai", "Elm"), ("Dee", "Ash")]:
        bee.enter(name, school)
    bee.spell("Ada", True)
    bee.spell("Ben", False)
    bee.round = 2
    bee.spell("Cai", False)
    return bee


def test_board_podium_has_three():
    assert build().board()["podium"] == ["Ada", "Dee", "Cai"]


def test_field_size_and_schools():
    bee = build()
    assert bee.board()["spellers"] == 4
    assert schools(bee) == ["Ash", "Elm", "Oak"]


def test_out_speller_cannot_spell():
    with pytest.raises(ValueError):
        build().spell("Ben", True)
