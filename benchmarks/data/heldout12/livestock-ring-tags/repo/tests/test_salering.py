import pytest

from salering import SaleRing, parse_tag


def test_parse_tag():
    assert parse_tag(" uk 123456") == "UK123456"
    with pytest.raises(ValueError):
        parse_tag("UK12")


def test_unreadable_tags_are_kept_aside():
    ring = SaleRing()
    assert ring.gate(["UK100001", "??", "IE200002"]) == ["UK100001", "IE200002"]
    assert ring.report() == {"sold": 2, "unreadable": 1}


def test_a_tag_read_twice_is_one_animal():
    ring = SaleRing()
    assert ring.gate(["UK100001", "UK100002", "UK100001"]) == ["UK100001", "UK100002"]
