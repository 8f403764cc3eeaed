from tags import merge_tags, tag_label


def test_label_of_a_mixed_case_tag():
    assert tag_label("macOS") == "macOS"


def test_label_strips_accents_and_blanks():
    assert tag_label(" Émile  Zola") == "Emile Zola"


def test_merge_mixed_case():
    assert merge_tags(["iPhone", "IPHONE", "Web  Dev", "web dev"]) == ["iPhone", "Web Dev"]
