from tags import clean, merge_tags, tag_key, tag_label


def test_clean_collapses_blanks_and_accents():
    assert clean("  Café   Culture ") == "cafe culture"


def test_key():
    assert tag_key("Machine  Learning") == "machine-learning"


def test_label_keeps_case():
    assert tag_label("  Python ") == "Python"


def test_merge_keeps_the_first_spelling():
    assert merge_tags(["Rust", "rust", "RUST", "Go"]) == ["Rust", "Go"]
