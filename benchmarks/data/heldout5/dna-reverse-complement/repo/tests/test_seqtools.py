import pytest

from seqtools import clean, gc_content, reverse_complement


def test_clean():
    assert clean("acg t\nga") == "ACGTGA"
    with pytest.raises(ValueError):
        clean("ACGU")


def test_gc_content():
    assert gc_content("GGCA") == 75.0
    assert gc_content("") == 0.0


def test_reverse_complement():
    assert reverse_complement("AAGC") == "GCTT"
