from cargo import Depot, Parcel, dispatch_note


def build():
    d = Depot(max_kg=40)
    d.open_route("north")
    d.sort([Parcel("p1", "north", 5), Parcel("p2", "east", 3), Parcel("p3", "north", 55)])
    return d


def test_every_parcel_is_handled():
    assert build().handled() == 3


def test_dispatch_note():
    assert dispatch_note(build()) == ["VAN p3", "HOLD p2"]


def test_heavy_parcel_goes_by_van():
    d = Depot(max_kg=10)
    d.sort([Parcel("h", "north", 12)])
    assert [p.ref for p in d.oversize] == ["h"] and d.routes == {}


def test_route_load():
    d = build()
    assert d.load("north") == 5
    assert d.load("west") == 0
