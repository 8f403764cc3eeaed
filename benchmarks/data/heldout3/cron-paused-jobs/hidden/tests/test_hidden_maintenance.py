from maintenance import Job, due_jobs


def test_due_jobs_keep_their_order():
    jobs = [
        Job("rotate-logs", 15, last_run=0),
        Job("reindex", 60, last_run=0, paused=True),
        Job("ping", 1, last_run=29),
        Job("report", 60, last_run=10),
    ]
    assert due_jobs(jobs, 30) == ["rotate-logs", "ping"]


def test_a_paused_job_that_is_not_due_stays_out():
    assert due_jobs([Job("x", 60, last_run=10, paused=True)], 20) == []
