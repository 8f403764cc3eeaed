from composing import Forme


def test_a_short_text_and_an_empty_one():
    assert Forme.set_text("  hello world ", 20).lines == ["hello world"]
    assert Forme.set_text("", 20).lines == []
    assert Forme.set_text("   ", 8).sorts_needed() == {}


def test_lines_filled_to_the_measure():
    forme = Forme.set_text("set in metal type by hand", 9)
    assert forme.lines == ["set in", "metal", "type by", "hand"]
    assert forme.justified() == ["set    in", "metal", "type   by", "hand"]
