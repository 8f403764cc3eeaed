from modes import owner_can_write, problems


def test_problems_report():
    files = [("a.txt", 0o644), ("b.txt", 0o400), ("c.txt", 0o777), ("d", 0o557)]
    assert problems(files) == [
        "b.txt: read-only (r--------)",
        "c.txt: world-writable (rwxrwxrwx)",
        "d: read-only (r-xr-xrwx)",
        "d: world-writable (r-xr-xrwx)",
    ]


def test_other_bits_do_not_count():
    assert not owner_can_write(0o077)
    assert owner_can_write(0o200)
