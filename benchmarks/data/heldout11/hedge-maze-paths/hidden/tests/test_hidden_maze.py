from maze import Maze, Section


def test_an_overgrown_section_is_not_passable():
    assert not Section("centre", [False, True, False]).passable


def test_open_routes_today():
    maze = Maze([Section("a", [False]), Section("b", [True]), Section("c", []), Section("d")])
    maze.close("d")
    routes = {"east": ["a", "c"], "west": ["a", "b"], "north": ["c", "d"]}
    assert maze.open_routes(routes) == ["east"]
