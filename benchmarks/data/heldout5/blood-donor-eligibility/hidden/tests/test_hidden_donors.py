from datetime import date

from donors import Donor, eligible

TODAY = date(2026, 3, 10)


def test_only_rested_donors():
    donors = [Donor("Cy", last=date(2026, 2, 8)), Donor("Di", last=date(2026, 1, 2)), Donor("Ed")]
    assert eligible(donors, TODAY) == ["Di", "Ed"]


def test_deferred_and_rested_donor_is_not_eligible():
    assert eligible([Donor("Fay", deferred=True, last=date(2025, 1, 1))], TODAY) == []
