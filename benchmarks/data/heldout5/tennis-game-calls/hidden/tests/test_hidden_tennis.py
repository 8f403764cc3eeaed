from tennis import game_call


def test_love_calls():
    assert game_call(0, 0) == "love-all"
    assert game_call(0, 3) == "love-40"
