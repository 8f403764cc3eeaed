import pytest

from matrix import expand, job_count, job_name


def test_empty_axis_is_refused():
    with pytest.raises(ValueError):
        expand({"python": []})


def test_job_count():
    assert job_count({"python": ["3.11", "3.12"], "os": ["linux", "mac", "win"]}) == 6


def test_job_name():
    assert job_name({"python": "3.12", "os": "linux"}) == "python=3.12, os=linux"


def test_two_axes():
    jobs = expand({"python": ["3.11", "3.12"], "os": ["linux", "mac"]})
    assert jobs == [
        {"python": "3.11", "os": "linux"},
        {"python": "3.11", "os": "mac"},
        {"python": "3.12", "os": "linux"},
        {"python": "3.12", "os": "mac"},
    ]
