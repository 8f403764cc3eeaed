from medleys import Repertoire, Tune

BAND = Repertoire([
    Tune("Highland Laddie", "march", 90),
    Tune("Devil in the Kitchen", "strathspey", 70),
    Tune("Mason's Apron", "reel", 60),
])


def test_singles_the_whole_set_and_nothing():
    assert BAND.medleys(65, min_tunes=1) == [["Mason's Apron"]]
    assert BAND.medleys(220, min_tunes=3) == [["Highland Laddie", "Devil in the Kitchen", "Mason's Apron"]]
    assert BAND.medleys(100) == []
    assert Repertoire([]).medleys(300, min_tunes=1) == []
