from authors import author_label, byline


def test_empty_display_name_falls_back_to_login():
    assert author_label({"login": "kim42", "display_name": ""}) == "kim42"


def test_null_display_name_falls_back_to_login():
    assert author_label({"login": "lee", "display_name": None}) == "lee"


def test_moderator_without_display_name():
    assert author_label({"login": "root", "moderator": True}) == "root (mod)"


def test_byline_of_a_user_without_display_name():
    users = {"ana": {"login": "ana", "display_name": ""}}
    assert byline({"author": "ana", "date": "2024-05-06"}, users) == "ana on 2024-05-06"
