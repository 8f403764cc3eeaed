from social import Social


def test_followers_are_paired_in_arrival_order():
    social = Social()
    for name in ("Fay", "Gil"):
        social.arrive(name, "follow")
    social.arrive("Hal", "lead")
    social.arrive("Ivy", "lead")
    assert social.couples == [("Hal", "Fay"), ("Ivy", "Gil")]
    assert social.waiting() == {"lead": 0, "follow": 0}


def test_a_waiting_follower_may_leave():
    social = Social()
    social.arrive("Jo", "follow")
    social.leave("Jo")
    social.arrive("Kai", "lead")
    assert social.couples == []
    assert social.waiting() == {"lead": 1, "follow": 0}
