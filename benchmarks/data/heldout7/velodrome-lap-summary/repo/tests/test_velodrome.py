import pytest
from velodrome import Rider, Session, summary


def test_average_speed_rounded():
    r = Rider("Lea", [17.0, 18.0, 19.5])
    assert summary(r)["avg_kmh"] == 49.5


def test_summary_fields():
    r = Rider("Max", [20.0, 21.0])
    s = summary(r)
    assert (s["laps"], s["best_s"], s["avg_kmh"]) == (2, 20.0, 43.9)


def test_podium():
    s = Session()
    for name, t in [("A", 18.2), ("B", 17.9), ("C", 19.0), ("D", 18.0)]:
        s.record(name, t)
    assert s.podium() == ["B", "D", "A"]


def test_bad_lap():
    with pytest.raises(ValueError):
        Rider("X").lap(0)
