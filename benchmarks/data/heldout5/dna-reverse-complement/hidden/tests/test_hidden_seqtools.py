from seqtools import is_palindrome, reverse_complement


def test_palindromic_sites():
    assert is_palindrome("GAATTC")
    assert not is_palindrome("GATTC")


def test_reverse_complement_with_an_unknown_base():
    assert reverse_complement("atgcN") == "NGCAT"
