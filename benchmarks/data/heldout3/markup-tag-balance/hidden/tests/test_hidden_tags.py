from tags import is_balanced, open_tags


def test_nested_tags_with_attributes():
    assert open_tags('<div id="main"><span class="key">k</span>') == ["div"]


def test_an_unclosed_link_is_not_balanced():
    assert is_balanced('<a href="/">home') is False


def test_titles_are_allowed():
    assert is_balanced('<abbr title="HyperText">HTML</abbr>') is True
