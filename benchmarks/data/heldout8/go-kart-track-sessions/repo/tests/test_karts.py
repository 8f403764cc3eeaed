import pytest

from karts import Kart, Track

FLEET = [Kart(1, "adult"), Kart(2, "adult"), Kart(3, "adult"), Kart(11, "junior")]


def test_a_kart_back_in_the_pits_is_available_again():
    track = Track(FLEET)
    track.send_out(FLEET[0], "Ana")
    track.send_out(FLEET[1], "Ben")
    track.bring_in(FLEET[0], [41.2])
    assert track.available("adult") == 2


def test_a_kart_goes_out_once():
    track = Track(FLEET)
    track.send_out(FLEET[2], "Ana")
    with pytest.raises(ValueError):
        track.send_out(FLEET[2], "Cid")


def test_no_junior_kart_left():
    track = Track(FLEET)
    track.send_out(FLEET[3], "Dee")
    with pytest.raises(RuntimeError):
        track.send_out(Kart(12, "junior"), "Eli")


def test_the_leaderboard_keeps_each_drivers_best_lap():
    track = Track(FLEET)
    track.send_out(FLEET[0], "Ana")
    track.send_out(FLEET[1], "Ben")
    track.bring_in(FLEET[0], [44.0, 42.5])
    track.bring_in(FLEET[1], [43.1])
    assert track.leaderboard() == [("Ana", 42.5), ("Ben", 43.1)]
