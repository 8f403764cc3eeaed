import pytest

from lostproperty import Office, tags_in


def test_a_note_starting_with_a_tag():
    assert tags_in("LP0042 left at the main stage") == ["LP0042"]


def test_a_bad_tag_is_refused():
    with pytest.raises(ValueError):
        Office().log_item("L42", "umbrella")


def test_an_item_is_claimed_once():
    office = Office()
    office.log_item("LP0007", "green tent")
    office.claim("LP0007", "Ivo")
    with pytest.raises(ValueError):
        office.claim("LP0007", "Jan")
    assert office.unclaimed() == []


def test_tags_in_the_middle_of_a_note():
    assert tags_in("blue rucksack, tag LP0042, and LP0107 keys") == ["LP0042", "LP0107"]
