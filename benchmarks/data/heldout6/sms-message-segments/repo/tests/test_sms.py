import pytest

from sms import WordTooLong, needs_unicode, split_message


def test_a_word_longer_than_a_segment():
    with pytest.raises(WordTooLong):
        split_message("a " + "x" * 30, limit=20)


def test_unicode_detection():
    assert needs_unicode("ça va")
    assert not needs_unicode("see you")


def test_short_message_is_one_segment():
    assert split_message("see you at 8") == ["see you at 8"]


def test_numbered_segments_keep_the_last_words():
    assert split_message("one two three four five", limit=20) == [
        "(1/2) one two three",
        "(2/2) four five",
    ]
