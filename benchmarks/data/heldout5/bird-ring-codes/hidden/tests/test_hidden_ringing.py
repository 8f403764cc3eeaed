from ringing import rings, ringed_today


def test_six_digits_but_not_seven_or_three():
    assert rings("KL123456; AB123 no ring; QQ1234567 misread; PR9911.") == ["KL123456", "PR9911"]


def test_ringed_today():
    notes = ["TX20481 and TX20482", "SW443210", "TX20481 retrap"]
    assert ringed_today(notes, {"TX": "blue tit"}) == {
        "blue tit": ["TX20481", "TX20482"], "unknown": ["SW443210"],
    }
