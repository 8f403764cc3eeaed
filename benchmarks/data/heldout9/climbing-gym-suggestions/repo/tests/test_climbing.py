from climbing import Gym, Route, grade_index


def gym(*routes):
    g = Gym()
    for name, grade in routes:
        g.set_route(Route(name, "north", grade))
    return g


def test_grades_are_ordered_and_case_blind():
    assert grade_index("6A") > grade_index("5c")


def test_stripping_a_wall_takes_down_its_routes():
    g = gym(("Slab", "5a"))
    g.set_route(Route("Roof", "cave", "7b"))
    assert g.strip_wall("north") == 1
    assert g.walls() == {"cave": 1}


def test_suggestions_are_the_closest_routes():
    g = gym(("Slab", "5a"), ("Crimp", "6b"), ("Roof", "7b"), ("Arete", "6a"), ("Chimney", "5c"))
    assert g.suggest("6a") == ["Arete", "Chimney", "Crimp"]
