from geocode import Geocoder, bounding_box, normalise

TABLE = {"1 main st": (51.5, -0.12), "9 quay rd": (51.2, -0.3)}


def service(key):
    return TABLE[key]


def test_second_lookup_uses_the_cache():
    g = Geocoder(service)
    g.locate("1 Main St")
    g.locate("1 main st,")
    assert g.calls == 1


def test_unknown_address():
    g = Geocoder(service)
    assert g.locate("nowhere") is None
    assert g.misses == ["nowhere"]


def test_normalise_and_box():
    assert normalise(" 9,  Quay  Rd ") == "9 quay rd"
    assert bounding_box([(1.0, 5.0), (2.0, 3.0)]) == ((1.0, 3.0), (2.0, 5.0))
