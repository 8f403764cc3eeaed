from seedbank import Catalogue


def test_codes_differing_in_case_and_spaces_are_duplicates():
    cat = Catalogue.from_lines(["ab 12; Pisum sativum; 80", "AB12; Pisum sativum; 75"])
    assert [a.code for a in cat.accessions] == ["ab 12"]
    assert len(cat.duplicates) == 1


def test_three_copies_make_two_duplicates():
    cat = Catalogue.from_lines(["X9; Allium cepa; 5"] * 3)
    assert len(cat.accessions) == 1
    assert len(cat.duplicates) == 2
