from jukebox import Jukebox


def test_the_ticker_keeps_only_the_last_songs():
    jb = Jukebox({"A": "One", "B": "Two", "C": "Three", "D": "Four", "E": "Five"})
    for code in "ABCDE":
        jb.insert(100)
        jb.choose(code)
        jb.play_next()
    assert jb.credit == 250
    assert jb.ticker() == "Five / Four / Three"
    assert jb.ticker(last=2) == "Five / Four"
    assert jb.ticker(last=1) == "Five"
