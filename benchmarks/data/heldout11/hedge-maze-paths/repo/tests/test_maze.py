from maze import Maze, Section


def test_a_clear_section_is_passable():
    assert Section("gate-yew", [False, False]).passable


def test_a_trimmed_route_is_open():
    maze = Maze([Section("a", [True, False]), Section("b", [False])])
    maze.sections["a"].trim()
    assert maze.route_open(["a", "b"])


def test_a_closed_section_is_not_passable():
    maze = Maze([Section("a", [True]), Section("b", [False])])
    maze.close("a")
    assert not maze.sections["a"].passable


def test_the_gardeners_list():
    maze = Maze([Section("a", [True]), Section("b", [False]), Section("c", [False, True])])
    maze.close("c")
    assert maze.to_trim() == ["a"]
