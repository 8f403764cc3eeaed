from pipeline import Job, board


def test_a_board_of_running_jobs():
    assert board([Job("b", 20), Job("a", 10)]) == ["a: running (running)", "b: running (running)"]


def test_a_failed_job_on_the_board():
    assert board([Job("e2e", 0, 3600)]) == ["e2e: failed (60m 00s)"]
