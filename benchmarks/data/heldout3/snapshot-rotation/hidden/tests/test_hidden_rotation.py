from rotation import Snapshot, to_delete

S1, S2, S3, S4 = (Snapshot(f"s{i}", i * 100) for i in range(1, 5))


def test_snapshots_in_any_order():
    assert to_delete([S2, S4, S1, S3], 3) == ["s1"]


def test_nothing_to_delete():
    assert to_delete([S1, S2], 5) == []
