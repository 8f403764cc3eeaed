from karts import Kart, Track


def test_the_only_junior_kart_can_go_out_again_after_coming_back():
    junior = Kart(11, "junior")
    track = Track([junior, Kart(1, "adult")])
    track.send_out(junior, "Fay")
    assert track.bring_in(junior, []) == "Fay"
    track.send_out(junior, "Gus")
    assert track.driving == {11: "Gus"} and track.available("junior") == 0


def test_bringing_in_an_adult_kart_frees_no_junior_one():
    fleet = [Kart(1, "adult"), Kart(2, "adult"), Kart(11, "junior")]
    track = Track(fleet)
    for kart, driver in zip(fleet, ("Hal", "Ivy", "Jo")):
        track.send_out(kart, driver)
    track.bring_in(fleet[0], [40.0])
    assert (track.available("adult"), track.available("junior")) == (1, 0)
