from pipeline import Job, board, duration_text, status


def test_the_duration_of_a_finished_job():
    assert duration_text(Job("lint", 100, 225, True)) == "2m 05s"


def test_status():
    assert status(Job("a", 0)) == "running"
    assert status(Job("b", 0, 10, True)) == "passed"
    assert status(Job("c", 0, 10, False)) == "failed"


def test_a_running_job_has_no_duration_yet():
    assert duration_text(Job("test", 100)) == "running"


def test_the_board():
    jobs = [Job("deploy", 500), Job("build", 0, 190, True)]
    assert board(jobs) == ["build: passed (3m 10s)", "deploy: running (running)"]
