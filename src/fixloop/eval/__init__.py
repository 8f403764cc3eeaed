"""Evaluation of fixloop on task suites: ``fixloop eval SUITE``.

A suite is a folder of tasks (format: ``../shared/benchdata/README.md``); each task is a small
project whose visible tests fail, plus hidden tests laid over the agent's result for scoring only.

Modules:

- :mod:`fixloop.eval.suite`: loading and validating a suite (``Suite``, ``Task``); unknown keys in
  ``suite.toml`` / ``task.toml`` are errors naming the nearest valid key.
- :mod:`fixloop.eval.runner`: tasks x epochs in parallel jobs, resumable ``runs.jsonl``;
  ``run_one`` assembles one run from the two modules below.
- :mod:`fixloop.eval.agentproc`: ``fixloop fix --json`` as a subprocess for one run (its config,
  command line, environment, hard time limit) and its result read back.
- :mod:`fixloop.eval.score`: the task's one-commit repository, the agent's final tree taken out
  into another folder, hidden tests laid over a copy, pristine scoring, the tamper check.
- :mod:`fixloop.eval.metrics`: resolve rate, unbiased pass@k (Chen et al. 2021), cost per resolved
  task, bad-behaviour totals.
- :mod:`fixloop.eval.report`: ``summary.json``, ``report.md`` and a self-contained ``report.html``.
- :mod:`fixloop.eval.cli`: ``register(app)`` adds the ``eval`` command to the ``fixloop`` CLI.
"""

from __future__ import annotations

__all__ = ["register"]


def register(app):  # type: ignore[no-untyped-def]
    """Add the ``eval`` command to ``app`` (a :class:`typer.Typer`); see :mod:`fixloop.eval.cli`."""
    from fixloop.eval.cli import register as _register

    _register(app)
