import pytest

from medleys import Repertoire, Tune

BAND = Repertoire([
    Tune("Highland Laddie", "march", 90),
    Tune("Devil in the Kitchen", "strathspey", 70),
    Tune("Mason's Apron", "reel", 60),
])


def test_by_kind_and_total():
    assert BAND.by_kind("reel") == ["Mason's Apron"]
    assert BAND.total(["Highland Laddie", "Mason's Apron"]) == 150


def test_unknown_tune():
    with pytest.raises(KeyError):
        BAND.total(["Scotland the Brave"])


def test_medleys_within_the_limit():
    assert BAND.medleys(160) == [
        ["Highland Laddie", "Devil in the Kitchen"],
        ["Highland Laddie", "Mason's Apron"],
        ["Devil in the Kitchen", "Mason's Apron"],
    ]
