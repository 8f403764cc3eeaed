import pytest

from orgchart import OrgChart


def chart():
    c = OrgChart()
    c.hire("Ines", "CEO")
    c.hire("Jan", "CTO", "Ines")
    c.hire("Kim", "CFO", "Ines")
    c.hire("Lev", "Developer", "Jan")
    c.hire("Mia", "Developer", "Jan")
    return c


def test_the_reporting_line_runs_from_the_top_down():
    assert chart().reporting_line("Lev") == "Ines > Jan > Lev"


def test_the_top_of_the_company_reports_to_nobody():
    assert chart().reporting_line("Ines") == "Ines"


def test_headcount_counts_everyone_below():
    c = chart()
    assert (c.headcount("Ines"), c.headcount("Jan"), c.headcount("Mia")) == (4, 2, 0)


def test_peers_share_a_manager():
    c = chart()
    assert c.peers("Lev") == ["Mia"] and c.peers("Ines") == []
    with pytest.raises(ValueError):
        c.hire("Kim", "Accountant", "Kim")
