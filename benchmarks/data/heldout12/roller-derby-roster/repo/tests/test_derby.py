import pytest

from derby import Bout, Skater


def test_roster_of_derby_names():
    bout = Bout("Rollers", "Jammers")
    bout.add("Rollers", Skater(12, "Ann Lee", "Lee-thal"))
    bout.add("Rollers", Skater(3, "Kim Oh", "Oh No"))
    assert bout.roster("Rollers") == ["#3 Oh No", "#12 Lee-thal"]


def test_a_skater_under_her_own_name():
    bout = Bout("Rollers", "Jammers")
    bout.add("Jammers", Skater(7, "Jo Park"))
    assert bout.roster("Jammers") == ["#7 Jo Park"]


def test_penalty_sheet_and_duplicate_numbers():
    bout = Bout("Rollers", "Jammers")
    bout.add("Rollers", Skater(12, "Ann Lee", "Lee-thal"))
    bout.penalise("Rollers", 12, "B")
    assert bout.penalty_sheet() == ["Rollers #12 Lee-thal: B"]
    with pytest.raises(ValueError):
        bout.add("Rollers", Skater(12, "Sam Fox"))
