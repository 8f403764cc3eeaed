from todos import find_todos


def test_marker_after_code():
    assert find_todos(["x = compute()  # TODO: cache"]) == [(1, None, "cache")]


def test_word_that_only_ends_in_todo_is_not_a_marker():
    assert find_todos(["# MYTODO: no", "# NOTODO: no"]) == []


def test_owner_with_a_dot():
    assert find_todos(["  // TODO(j.doe): port"]) == [(1, "j.doe", "port")]
