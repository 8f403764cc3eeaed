import pytest

from rotation import Snapshot, freed_bytes, newest_first, to_delete

S1, S2, S3, S4 = (Snapshot(f"s{i}", i * 100) for i in range(1, 5))


def test_keep_must_be_positive():
    with pytest.raises(ValueError):
        to_delete([S1], 0)


def test_newest_first():
    assert newest_first([S2, S4, S1, S3]) == [S4, S3, S2, S1]
    tie = Snapshot("a", 400)
    assert newest_first([S4, tie]) == [tie, S4]


def test_the_oldest_are_deleted_first():
    assert to_delete([S4, S3, S2, S1], 2) == ["s1", "s2"]


def test_freed_bytes():
    assert freed_bytes([S4, S3, S2, S1], {"s1": 5, "s2": 7, "s3": 11, "s4": 13}, 3) == 5
