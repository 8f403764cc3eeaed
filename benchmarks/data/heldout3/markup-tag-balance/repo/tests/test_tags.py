import pytest

from tags import BadAttribute, is_balanced, open_tags


def test_plain_tags_balance():
    assert open_tags("<p>a <b>bold</b> word</p>") == []


def test_self_closing_tags_open_nothing():
    assert open_tags("<p>one<br/>two</p>") == []


def test_crossed_tags_are_unbalanced():
    assert is_balanced("<p><b>x</p></b>") is False


def test_unknown_attribute_is_refused():
    with pytest.raises(BadAttribute):
        open_tags('<p onclick="go()">x</p>')


def test_a_tag_with_attributes_stays_open_until_closed():
    assert open_tags('<div class="note"><p>hi') == ["div", "p"]


def test_a_link_balances():
    assert is_balanced('<p>see <a href="/docs">docs</a></p>') is True
