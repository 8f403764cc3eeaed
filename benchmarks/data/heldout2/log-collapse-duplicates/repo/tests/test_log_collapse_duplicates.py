from logcollapse import collapse, signature, summary


def test_signature_drops_the_timestamp_and_ids():
    line = "2026-03-01 10:00:00 worker 0x1f3a crashed"
    assert signature(line) == "worker <id> crashed"


def test_distinct_lines_are_kept_and_blank_lines_skipped():
    lines = ["disk full", "", "  ", "network down"]
    assert collapse(lines) == (["disk full", "network down"], 0)


def test_an_exact_repeat_is_suppressed():
    lines = ["2026-03-01 10:00:00 disk full", "2026-03-01 10:00:00 disk full", "retrying"]
    assert collapse(lines) == (["2026-03-01 10:00:00 disk full", "retrying"], 1)


def test_summary():
    assert summary(["a", "b", "a", "a"]) == "2 distinct, 2 repeated"
