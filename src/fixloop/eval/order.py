"""The order an eval starts its runs in: the longest expected first, from earlier runs' times.

With ``--jobs N`` the eval ends when its last run does; a long run started last runs alone
while the other jobs idle. Starting the longest runs first (the LPT rule: Graham, "Bounds on
multiprocessing timing anomalies", SIAM J. Appl. Math. 17(2), 1969) keeps the jobs busy to the
end. A run's expected time is what the same task took before under the same model and settings:
each finished run's seconds (agent and scoring) go to a small durations file,
``$FIXLOOP_HOME/eval-durations.json`` (``~/.fixloop`` by default), keyed by the SHA-256 of the
task folder's content (its files, names and bytes) with the model and the run's settings, so an
edited task, or a renamed copy of one, is looked up by what it is. Runs with no time on file are
given the median of the known ones; when none is known the suite's order stays. The order
changes nothing in the records (each run is the same whatever starts first).

The durations file is a cache: unreadable or malformed, it is ignored (and rewritten by the next
finished run); concurrent evals merge their entries under an exclusive ``flock``; it keeps the
:data:`MAX_ENTRIES` most recent.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import statistics
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from fixloop.eval.runner import RunSpec
from fixloop.eval.suite import IGNORED_DIRS, Task

#: Entries the durations file keeps (the most recently written).
MAX_ENTRIES = 5000

FILE_NAME = "eval-durations.json"


def default_path() -> Path:
    """``$FIXLOOP_HOME/eval-durations.json`` (``~/.fixloop/...`` when FIXLOOP_HOME is unset)."""
    from fixloop.trajectory import fixloop_home

    return fixloop_home() / FILE_NAME


def task_digest(task: Task) -> str:
    """SHA-256 (hex) of the task folder's content: every file's relative path and bytes.

    Folders that are never part of a task (:data:`fixloop.eval.suite.IGNORED_DIRS`) are left
    out; symbolic links count by their target text. Files that vanish while being read are
    skipped.
    """
    h = hashlib.sha256()
    root = task.path
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in IGNORED_DIRS)
        for name in sorted(filenames):
            p = Path(dirpath) / name
            rel = p.relative_to(root).as_posix()
            try:
                data = os.readlink(p).encode() if p.is_symlink() else p.read_bytes()
            except OSError:
                continue
            h.update(rel.encode("utf-8", "surrogateescape") + b"\0")
            h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def spec_key(digest: str, spec: RunSpec, budgets: Mapping[str, Any]) -> str:
    """The durations file's key of one run: task content, model, the run's merged settings.

    Args:
        digest: :func:`task_digest` of ``spec.task``.
        spec: the run.
        budgets: the suite's ``[defaults]`` budgets (the variant's settings go over them).
    """
    settings = {**budgets, **spec.variant.settings}
    text = json.dumps([digest, spec.variant.model, settings], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _read(path: Path) -> dict[str, list[float]]:
    """The file's entries ``{key: [seconds, written at]}``; {} when missing or malformed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, list[float]] = {}
    for k, v in data.items():
        if (
            isinstance(k, str)
            and isinstance(v, list)
            and len(v) == 2
            and all(isinstance(x, int | float) and x >= 0 for x in v)
        ):
            out[k] = [float(v[0]), float(v[1])]
    return out


class Durations:
    """Seconds earlier runs took, by :func:`spec_key`: read once, appended to as runs end.

    Args:
        path: the durations file (default :func:`default_path`).
        budgets: the suite's ``[defaults]`` budgets (part of each key).
    """

    def __init__(self, path: Path | None = None, budgets: Mapping[str, Any] | None = None):
        self.path = path if path is not None else default_path()
        self.budgets = dict(budgets or {})
        self.known = _read(self.path)
        self._digests: dict[Path, str] = {}
        self._keys: dict[tuple[Path, str, str], str] = {}

    def key(self, spec: RunSpec) -> str:
        """:func:`spec_key` of ``spec`` (each task folder is hashed once)."""
        ident = (spec.task.path, spec.variant.name, spec.variant.model)
        if ident not in self._keys:
            digest = self._digests.get(spec.task.path)
            if digest is None:
                digest = self._digests[spec.task.path] = task_digest(spec.task)
            self._keys[ident] = spec_key(digest, spec, self.budgets)
        return self._keys[ident]

    def expected(self, spec: RunSpec) -> float | None:
        """Seconds the same run took last time, or None."""
        entry = self.known.get(self.key(spec))
        return entry[0] if entry else None

    def longest_first(self, specs: Sequence[RunSpec]) -> list[RunSpec]:
        """``specs`` ordered by expected seconds, longest first (stable among equals).

        A run with no time on file is expected to take the median of the known ones; with
        none known the order is unchanged.
        """
        times = [self.expected(s) for s in specs]
        known = [t for t in times if t is not None]
        if not known:
            return list(specs)
        fill = statistics.median(known)
        expect = [t if t is not None else fill for t in times]
        ranked = sorted(range(len(specs)), key=lambda i: -expect[i])
        return [specs[i] for i in ranked]

    def record(self, spec: RunSpec, rec: Mapping[str, Any]) -> None:
        """Note the seconds a finished run took (``wall_s`` + ``score_s`` of its record).

        A record without a positive ``wall_s`` (an eval error before the agent ran) is not
        noted. Writes the file at once (merged under an exclusive lock with what other evals
        wrote); a file that cannot be written is left alone, the eval goes on.
        """
        try:
            seconds = float(rec.get("wall_s") or 0.0) + float(rec.get("score_s") or 0.0)
        except (TypeError, ValueError):
            return
        if not rec.get("wall_s") or seconds <= 0:
            return
        key = self.key(spec)
        self.known[key] = [round(seconds, 3), time.time()]
        try:
            self._merge_write({key: self.known[key]})
        except OSError:
            pass

    def _merge_write(self, new: Mapping[str, list[float]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock = self.path.with_name(self.path.name + ".lock")
        with open(lock, "a", encoding="utf-8") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            merged = {**_read(self.path), **new}
            keep = dict(sorted(merged.items(), key=lambda kv: kv[1][1])[-MAX_ENTRIES:])
            fd, tmp = tempfile.mkstemp(prefix=".durations-", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    json.dump(keep, out)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise


__all__ = ["FILE_NAME", "MAX_ENTRIES", "Durations", "default_path", "spec_key", "task_digest"]
