from sms import cost, split_message


def test_empty_message_sends_nothing():
    assert split_message("   ") == []
    assert cost("") == 0.0


def test_remainder_after_full_segments():
    assert split_message("ab cd ef gh ij", limit=11) == ["(1/3) ab cd", "(2/3) ef gh", "(3/3) ij"]


def test_cost_counts_the_last_segment():
    text = " ".join(["word"] * 40)
    assert len(split_message(text)) == 2
    assert cost(text) == 0.18
    assert cost("ça va") == 0.18
