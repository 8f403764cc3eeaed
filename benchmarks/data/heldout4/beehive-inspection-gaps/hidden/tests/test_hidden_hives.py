from datetime import date

from hives import report


def test_report_of_a_new_hive():
    diary = {"old": [date(2026, 6, 10), date(2026, 6, 1)], "swarm": [date(2026, 6, 5)]}
    assert report(diary) == {"old": 9.0, "swarm": "-"}
