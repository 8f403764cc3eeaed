from wrap import render, wrap


def test_blank_text_has_no_lines():
    assert wrap("   ", 8) == []


def test_render_indents_continuation_lines():
    assert render("one two three four", 11, indent=2) == "one two\n  three\n  four"


def test_whitespace_collapses():
    assert wrap("a   b\n c", 80) == ["a b c"]
