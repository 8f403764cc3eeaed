from authors import author_label, byline, mention


def test_display_name_is_preferred():
    assert author_label({"login": "jdoe", "display_name": "Jane Doe"}) == "Jane Doe"


def test_moderators_are_marked():
    assert author_label({"login": "m", "display_name": "Max", "moderator": True}) == "Max (mod)"


def test_mention_uses_the_login():
    assert mention({"login": "jdoe", "display_name": "Jane"}) == "@jdoe"


def test_byline_of_a_deleted_user():
    assert byline({"author": "gone", "date": "2024-01-02"}, {}) == "[deleted] on 2024-01-02"


def test_login_when_no_display_name():
    assert author_label({"login": "kim42"}) == "kim42"
