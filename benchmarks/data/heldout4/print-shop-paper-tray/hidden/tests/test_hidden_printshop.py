from printshop import run


def test_an_empty_queue():
    assert run([], 10) == ([], 10, [])


def test_the_last_job_uses_the_last_sheet():
    assert run([("a", 5), ("b", 5)], 10) == (["a", "b"], 0, [])
