from slug import slugify


def test_words_joined_by_dashes():
    assert slugify("Hello World") == "hello-world"
