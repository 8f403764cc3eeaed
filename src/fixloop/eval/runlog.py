"""``OUT/runs.jsonl``: the eval's records, one JSON line per finished run, and what is still due.

Records are appended as each run finishes (:class:`RunLog`, safe from several threads and
flushed to disk), so an interrupted eval keeps every finished run; re-running with the same
``OUT`` skips every (task, epoch, model, variant) already there (:func:`pending_variant_runs`).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from fixloop.eval.suite import Task
from fixloop.eval.variants import Variant, variant_of

RUNS_FILE = "runs.jsonl"


def read_runs(path: Path, *, on_bad_line: Callable[[int, str], None] | None = None) -> list[dict]:
    """The run records in a ``runs.jsonl`` file, in file order.

    A line that does not parse (a run killed while writing) is skipped and reported through
    ``on_bad_line(line_number, text)``. A missing file holds no records.
    """
    if not path.is_file():
        return []
    records: list[dict] = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            rec = None
        if not isinstance(rec, dict) or "task" not in rec or "epoch" not in rec:
            if on_bad_line:
                on_bad_line(i, line[:80])
            continue
        records.append(rec)
    return records


def run_key(task: str, epoch: int, model: str, variant: str = "") -> tuple[str, int, str, str]:
    """The identity of a run for resuming: (task id, epoch, model spec, variant name)."""
    return (task, int(epoch), model, variant)


def pending_variant_runs(
    tasks: Sequence[Task], epochs: int, variants: Sequence[Variant], done: Iterable[dict]
) -> list[tuple[Task, int, Variant]]:
    """The (task, epoch, variant) runs still to do: epoch-major, then task, then variant.

    Args:
        tasks: the selected tasks.
        epochs: epochs asked for (0 .. epochs-1).
        variants: the eval's variants.
        done: records already in ``runs.jsonl`` (only those of a variant's model and name count).
    """
    seen = {run_key(r["task"], r["epoch"], r.get("model", ""), variant_of(r)) for r in done}
    return [
        (t, e, v)
        for e in range(epochs)
        for t in tasks
        for v in variants
        if run_key(t.id, e, v.model, v.name) not in seen
    ]


def pending_runs(
    tasks: Sequence[Task], epochs: int, model: str, done: Iterable[dict]
) -> list[tuple[Task, int]]:
    """The (task, epoch) pairs still to run with ``model`` and no variants, epoch-major.

    Args:
        tasks: the selected tasks.
        epochs: epochs asked for (0 .. epochs-1).
        model: the model spec.
        done: records already in ``runs.jsonl`` (any model; only this model's count).
    """
    only = [Variant(name="", model=model)]
    return [(t, e) for t, e, _ in pending_variant_runs(tasks, epochs, only, done)]


class EvalStopped(KeyboardInterrupt):
    """Ctrl-C stopped an eval: what its ``runs.jsonl`` holds, for an honest last line.

    Raised by :func:`fixloop.eval.runner.run_eval` in place of the ``KeyboardInterrupt``
    (it is one, so every ``except KeyboardInterrupt`` still catches it). The eval said "finished
    runs are in runs.jsonl" also when no run had finished (and the folder was gone).

    Attributes:
        out: the eval's output folder, or None when it was removed (this call made it and
            nothing was written to it).
        finished: the records this call added (runs that finished before Ctrl-C).
        recorded: every record the file holds (earlier calls' included).
    """

    def __init__(self, out: Path | None, finished: int, recorded: int) -> None:
        super().__init__("eval interrupted")
        self.out, self.finished, self.recorded = out, finished, recorded

    def line(self) -> str:
        """What the interrupted eval says: which runs are kept, and how to go on."""
        if self.out is None or self.recorded == 0:
            return "interrupted before any run finished; nothing was recorded"
        where = self.out / RUNS_FILE
        if self.finished == 0:
            kept = f"no run finished this time; the {self.recorded} earlier one(s) are in {where}"
        else:
            kept = f"{self.finished} run(s) finished and are in {where} ({self.recorded} in all)"
        return f"interrupted; {kept}: run the same command again to resume"


class RunLog:
    """Appends records to ``runs.jsonl``, one line each, safely from several threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def append(self, record: dict[str, Any]) -> None:
        """Write ``record`` as one JSON line and flush it to disk."""
        line = json.dumps(record, sort_keys=True, default=str) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())


__all__ = [
    "RUNS_FILE",
    "EvalStopped",
    "RunLog",
    "pending_runs",
    "pending_variant_runs",
    "read_runs",
    "run_key",
]
