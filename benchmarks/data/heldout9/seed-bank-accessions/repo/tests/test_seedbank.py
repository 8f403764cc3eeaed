import pytest

from seedbank import Catalogue


def test_comments_and_blank_lines_are_skipped():
    cat = Catalogue.from_lines(["# donor: Hill Farm", "", "HF1; Vicia faba; 120"])
    assert cat.species() == ["Vicia faba"]


def test_withdrawing_more_than_is_held_is_refused():
    cat = Catalogue.from_lines(["HF1; Vicia faba; 120"])
    with pytest.raises(ValueError):
        cat.withdraw("hf1", 200)
    cat.withdraw("hf 1", 20)
    assert cat.stock_g("Vicia faba") == 100.0


def test_a_repeated_code_is_set_aside_as_a_duplicate():
    cat = Catalogue.from_lines(
        ["AB12; Pisum sativum; 80", "CD34; Linum usitatissimum; 40", "AB12; Pisum sativum; 75"]
    )
    assert [a.code for a in cat.accessions] == ["AB12", "CD34"]
    assert [a.grams for a in cat.duplicates] == [75.0]
    assert cat.stock_g("Pisum sativum") == 80.0
