import pytest

from jobqueue import JobQueue, QueueEmpty


def test_lower_priority_value_comes_first():
    q = JobQueue()
    q.push("backup", priority=5)
    q.push("deploy", priority=1)
    assert q.pop() == "deploy"
    assert q.pop() == "backup"


def test_same_priority_is_first_in_first_out():
    q = JobQueue()
    for name in ("a", "b", "c"):
        q.push(name)
    assert [q.pop(), q.pop(), q.pop()] == ["a", "b", "c"]


def test_cancelled_job_is_skipped():
    q = JobQueue()
    q.push("a")
    q.push("b")
    q.cancel("a")
    assert q.peek() == "b"
    assert len(q) == 1


def test_peek_on_an_empty_queue():
    with pytest.raises(QueueEmpty):
        JobQueue().peek()


def test_pop_on_an_empty_queue():
    with pytest.raises(QueueEmpty):
        JobQueue().pop()
