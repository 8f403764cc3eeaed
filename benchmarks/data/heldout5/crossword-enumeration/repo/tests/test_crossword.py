from crossword import clue_line, enumeration, fits, normalize


def test_normalize():
    assert normalize("Rock 'n' roll") == "ROCKNROLL"


def test_fits():
    assert fits("cat", "C?T")
    assert not fits("cats", "C?T")
    assert not fits("cut", "C?B")


def test_enumeration_of_two_words():
    assert enumeration("ICE CREAM") == "(3,5)"


def test_clue_line():
    assert clue_line(4, "down", "Frozen treat", "ICE CREAM") == "4 Down: Frozen treat (3,5)"
