from climbing import Gym, Route


def gym(*routes):
    g = Gym()
    for name, grade in routes:
        g.set_route(Route(name, "south", grade))
    return g


def test_a_strong_climber_gets_the_hardest_routes_first():
    g = gym(("Easy", "4"), ("Middle", "5b"), ("Harder", "5c"))
    assert g.suggest("7a", 2) == ["Harder", "Middle"]


def test_on_a_tie_the_easier_route_comes_first():
    g = gym(("Over", "6b"), ("Under", "5c"), ("Far", "4"))
    assert g.suggest("6a", 2) == ["Under", "Over"]
