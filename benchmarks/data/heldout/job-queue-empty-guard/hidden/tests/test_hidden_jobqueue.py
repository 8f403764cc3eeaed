import pytest

from jobqueue import JobQueue, QueueEmpty


def test_pop_after_every_job_was_cancelled():
    q = JobQueue()
    q.push("a")
    q.push("b", priority=2)
    q.cancel("a")
    q.cancel("b")
    with pytest.raises(QueueEmpty):
        q.pop()


def test_pop_after_draining():
    q = JobQueue()
    q.push("only")
    assert q.pop() == "only"
    with pytest.raises(QueueEmpty):
        q.pop()


def test_a_failed_pop_leaves_the_queue_usable():
    q = JobQueue()
    q.push("x")
    q.cancel("x")
    with pytest.raises(QueueEmpty):
        q.pop()
    q.push("x", priority=3)
    assert q.pop() == "x"
    assert len(q) == 0
