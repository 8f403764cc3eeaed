import pytest

from pages import PageNotFound, load_page


def test_missing_page_names_its_slug(tmp_path):
    with pytest.raises(PageNotFound) as info:
        load_page(tmp_path, "opening-hours")
    assert info.value.slug == "opening-hours"
    assert str(info.value) == "no page 'opening-hours'"
