"""Expand a CI build matrix (axis -> values) into the list of jobs to run."""


def validate(axes):
    """ValueError when an axis has no values."""
    for name, values in axes.items():
        if not values:
            raise ValueError(f"matrix axis {name!r} has no values")


def job_count(axes):
    """How many jobs the full matrix has, before exclusions."""
    validate(axes)
    count = 1
    for values in axes.values():
        count *= len(values)
    return count


def expand(axes, exclude=()):
    """Every combination of one value per axis, as dicts in axis order.

    ``exclude`` holds partial dicts; a job matching every key of one of them is dropped.
    """
    validate(axes)
    combos = []
    for name, values in axes.items():
        combos = [combo + [(name, v)] for combo in combos for v in values]
    jobs = [dict(combo) for combo in combos]
    return [j for j in jobs if not any(all(j.get(k) == v for k, v in ex.items()) for ex in exclude)]


def job_name(job):
    """``"python=3.12, os=linux"`` for a job dict."""
    return ", ".join(f"{k}={v}" for k, v in job.items())
