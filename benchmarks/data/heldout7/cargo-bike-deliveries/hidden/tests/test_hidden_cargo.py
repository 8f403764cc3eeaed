from cargo import Depot, Parcel


def test_unrouted_zone_held_until_route_opens():
    d = Depot(max_kg=20)
    d.sort([Parcel("a", "south", 2.5), Parcel("b", "south", 1.25)])
    assert [p.ref for p in d.unrouted] == ["a", "b"]
    d.open_route("south")
    d.sort(d.unrouted)
    assert d.load("south") == 3.75
