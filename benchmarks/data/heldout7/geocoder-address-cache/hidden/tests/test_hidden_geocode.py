from geocode import Geocoder


def test_hit_rate_over_a_batch():
    g = Geocoder(lambda key: (float(len(key)), 0.0))
    batch = ["2 elm way", "2 Elm Way", "3 oak", "3 OAK", "2 elm way"]
    assert len(g.locate_all(batch)) == 4
    assert g.calls == 2
    assert g.hit_rate(len(batch)) == 0.6
