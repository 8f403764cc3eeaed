from derby import Bout, Skater


def test_a_mixed_roster():
    bout = Bout("Rollers", "Jammers")
    bout.add("Jammers", Skater(21, "Mo Diaz", "Diaz-aster"))
    bout.add("Jammers", Skater(4, "Jo Park"))
    bout.add("Jammers", Skater(9, "Lu Chen"))
    assert bout.roster("Jammers") == ["#4 Jo Park", "#9 Lu Chen", "#21 Diaz-aster"]
    bout.penalise("Jammers", 9, "X")
    assert bout.penalty_sheet() == ["Jammers #9 Lu Chen: X"]
