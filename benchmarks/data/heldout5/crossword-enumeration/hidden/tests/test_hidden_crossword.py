from crossword import enumeration


def test_hyphenated_and_single_words():
    assert enumeration("FORGET-ME-NOT") == "(6-2-3)"
    assert enumeration("OWL") == "(3)"
    assert enumeration("SELF-HELP BOOK") == "(4-4,4)"
