from cloakroom import Cloakroom, Rail


def test_collect_frees_the_hanger():
    c = Cloakroom([Rail("A", 1), Rail("B", 1)])
    assert c.check_in("Lu") == "A-1"
    assert c.check_in("Mo") == "B-1"
    c.collect("Lu")
    assert c.check_in("Ned") == "A-1"
    assert c.coats() == 2
