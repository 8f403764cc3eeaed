from categories import Category, breadcrumb


def test_two_levels_and_custom_separator():
    books = Category("Books")
    sf = Category("Sci-Fi", books)
    assert breadcrumb(sf, sep=" / ") == "Books / Sci-Fi"


def test_four_levels():
    a = Category("A")
    d = Category("D", Category("C", Category("B", a)))
    assert breadcrumb(d, sep="|") == "A|B|C|D"
