import pytest

from pages import PageNotFound, list_slugs, load_page


@pytest.fixture
def site(tmp_path):
    (tmp_path / "about-us.md").write_text("# About us\n\nWe bake bread.\n", encoding="utf-8")
    (tmp_path / "faq.md").write_text("FAQ\nAsk away.", encoding="utf-8")
    (tmp_path / "logo.png").write_bytes(b"png")
    return tmp_path


def test_load_page(site):
    assert load_page(site, "about-us") == {
        "slug": "about-us", "title": "About us", "body": "We bake bread."
    }


def test_bad_slug_and_listing(site):
    with pytest.raises(ValueError):
        load_page(site, "../etc")
    assert list_slugs(site) == ["about-us", "faq"]


def test_missing_page(site):
    with pytest.raises(PageNotFound):
        load_page(site, "contact")
