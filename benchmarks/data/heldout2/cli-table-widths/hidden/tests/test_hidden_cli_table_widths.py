from table import column_widths, render


def test_none_and_long_numbers():
    assert column_widths(["a", "b"], [[None, 123456], [1.0, 2]]) == [4, 6]


def test_numbers_right_aligned_text_left():
    text = render(["sku", "n"], [["X-1", 5], ["X-100", 12]])
    assert text.splitlines() == ["sku     n", "-----  --", "X-1     5", "X-100  12"]
