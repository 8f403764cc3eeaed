import pytest

from history import History, NothingToRedo


def test_a_failed_redo_leaves_the_history_alone():
    h = History("")
    h.apply("a")
    with pytest.raises(NothingToRedo):
        h.redo()
    assert h.undo() == ""
    assert not h.can_undo()


def test_a_new_edit_forgets_what_was_undone():
    h = History("")
    h.apply("a")
    h.undo()
    h.apply("b")
    with pytest.raises(NothingToRedo):
        h.redo()
    assert h.text == "b"
