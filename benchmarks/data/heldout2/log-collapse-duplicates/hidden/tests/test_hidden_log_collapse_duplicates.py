from logcollapse import collapse


def test_repeats_with_other_timestamps_are_suppressed():
    lines = [
        "2026-03-01 10:00:00 disk full on /var",
        "2026-03-01 10:00:07 disk full on /var",
        "2026-03-01T10:01:00Z Disk  full on /var",
    ]
    assert collapse(lines) == (["2026-03-01 10:00:00 disk full on /var"], 2)


def test_repeats_with_other_ids_are_suppressed():
    lines = ["job deadbeef01 failed", "job 0badc0de99 failed", "job done"]
    assert collapse(lines) == (["job deadbeef01 failed", "job done"], 1)
