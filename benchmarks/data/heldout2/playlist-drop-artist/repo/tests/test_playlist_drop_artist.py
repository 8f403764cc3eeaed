from playlist import Playlist, Track

A = Track("Intro", "Ana", 90)
B = Track("Bells", "Bo", 200)
C = Track("Coda", "Ana", 120)
D = Track("Dusk", "Cy", 240)


def test_titles_and_total():
    p = Playlist([A, B, D])
    assert p.titles() == ["Intro", "Bells", "Dusk"]
    assert p.total_seconds() == 530


def test_drop_leading_tracks():
    p = Playlist([A, C, B])
    assert p.drop_artist("Ana") == 2
    assert p.titles() == ["Bells"] and p.size == 1


def test_drop_a_track_in_the_middle():
    p = Playlist([A, B, D])
    assert p.drop_artist("Bo") == 1
    assert p.titles() == ["Intro", "Dusk"]
