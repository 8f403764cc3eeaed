import pytest

from maintenance import Job, due_jobs, is_due, mark_started, next_start


def test_a_job_that_never_ran_is_due():
    assert is_due(Job("vacuum", 10), 0)


def test_a_job_is_due_after_its_interval():
    job = Job("backup", 30, last_run=100)
    assert not is_due(job, 120)
    assert is_due(job, 130)
    assert next_start(job, 120) == 130


def test_mark_started():
    jobs = [Job("a", 5), Job("b", 5)]
    mark_started(jobs, ["b"], 42)
    assert [j.last_run for j in jobs] == [None, 42]
    with pytest.raises(KeyError):
        mark_started(jobs, ["c"], 42)


def test_paused_jobs_do_not_start():
    jobs = [Job("backup", 60), Job("vacuum", 60, paused=True)]
    assert due_jobs(jobs, 0) == ["backup"]


def test_nothing_due():
    assert due_jobs([Job("x", 60, last_run=10)], 20) == []
