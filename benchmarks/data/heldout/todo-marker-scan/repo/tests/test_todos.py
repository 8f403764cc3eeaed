from todos import by_owner, find_todos


def test_marker_at_the_start_of_a_line():
    assert find_todos(["TODO: write docs"]) == [(1, None, "write docs")]


def test_owner():
    assert find_todos(["x = 1", "TODO(ana): cache this"]) == [(2, "ana", "cache this")]


def test_by_owner():
    todos = [(1, None, "a"), (4, "bo", "b"), (9, None, "c")]
    assert by_owner(todos) == {"unassigned": [1, 9], "bo": [4]}


def test_no_marker():
    assert find_todos(["def todo_list():", "    pass"]) == []


def test_marker_in_a_comment():
    lines = ["def f():", "    # TODO(kim): handle None", "    return 1"]
    assert find_todos(lines) == [(2, "kim", "handle None")]
