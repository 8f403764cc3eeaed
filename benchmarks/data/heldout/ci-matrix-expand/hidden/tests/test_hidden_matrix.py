from matrix import expand, job_count


def test_one_axis():
    assert expand({"db": ["pg", "sqlite"]}) == [{"db": "pg"}, {"db": "sqlite"}]


def test_exclusions():
    axes = {"python": ["3.11", "3.12"], "os": ["linux", "win"], "db": ["pg"]}
    jobs = expand(axes, exclude=[{"os": "win", "python": "3.11"}])
    assert len(jobs) == 3
    assert {"python": "3.11", "os": "win", "db": "pg"} not in jobs


def test_no_axes_is_one_empty_job():
    assert expand({}) == [{}]
    assert job_count({}) == 1
