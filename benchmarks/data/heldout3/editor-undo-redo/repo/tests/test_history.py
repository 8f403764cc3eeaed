import pytest

from history import History, NothingToRedo, NothingToUndo


def test_undo_restores_the_previous_text():
    h = History("a")
    h.apply("ab")
    assert h.can_undo()
    assert h.undo() == "a"
    assert h.text == "a"


def test_undo_on_a_fresh_buffer_raises():
    with pytest.raises(NothingToUndo):
        History("x").undo()


def test_redo_after_undo():
    h = History("")
    h.apply("x")
    h.apply("xy")
    h.undo()
    assert h.redo() == "xy"
    assert h.undo() == "x"


def test_redo_without_an_undo_raises():
    with pytest.raises(NothingToRedo):
        History("a").redo()
