from hashtags import segmentations, spoken


def test_all_segmentations():
    words = {"a", "ab", "b", "abc", "c", "bc"}
    assert sorted(segmentations("abc", words)) == [["a", "b", "c"], ["a", "bc"], ["ab", "c"], ["abc"]]


def test_spoken_single_word_and_party():
    words = {"beach", "party", "sun"}
    assert spoken("#beach", words) == "beach"
    assert spoken("#SunBeachParty", words) == "sun beach party"
