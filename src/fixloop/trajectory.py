"""The event log of a run: one JSON object per line (JSONL), written outside the workspace.

Every event has ``"type"`` (see docs/architecture.md: ``run_start``, ``baseline``, ``model_call``,
``tool_call``, ``tool_result``, ``test_report``, ``gate_verdict``, ``notice``, ``run_end``),
``"t"`` (seconds since the run started, a float) and ``"cpu"`` (CPU-seconds, user + system, that
the writing process and its reaped children had used since the process started, sandboxed
commands excepted: :func:`process_cpu_s`; ``benchmarks/eval_phases.py`` reads it). Each event
is flushed as it is written, so a run that is killed leaves a readable log;
:func:`read_trajectory` tolerates a truncated last line.

Files live in the runs directory, ``$FIXLOOP_HOME/runs`` (default ``~/.fixloop/runs``), as
``<run-id>.jsonl``. Run ids (:func:`new_run_id`) sort by start time.

Secrets: the values of environment variables whose names look like credentials (containing
KEY, TOKEN, SECRET, PASSWORD, PASSWD, CREDENTIAL or AUTH), and any ``extra_secrets`` (a run
passes the values of the user's dotenv files, :func:`dotenv_secrets`), are replaced by
``[REDACTED:NAME]`` wherever they appear inside a written string.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import enum
import json
import os
import re
import secrets as _secrets
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO, Any

from fixloop.errors import UsageError

#: Environment variable names matching this pattern have their values redacted.
SECRET_NAME_RE = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH", re.IGNORECASE)
#: Values shorter than this are not redacted (they would match everywhere, e.g. "1" or "true").
MIN_SECRET_LEN = 8

_RUN_ID_RE = re.compile(r"^\d{8}-\d{6}-[0-9a-f]{6}$")


def fixloop_home() -> Path:
    """The state folder of fixloop: ``$FIXLOOP_HOME`` if set, else ``~/.fixloop`` (not created)."""
    env = os.environ.get("FIXLOOP_HOME")
    return Path(env).expanduser() if env else Path.home() / ".fixloop"


def runs_dir(base: Path | None = None, *, create: bool = True) -> Path:
    """The folder holding trajectories: ``base`` if given, else ``fixloop_home()/runs``.

    The folder is created (with parents) if missing, unless ``create`` is false.
    """
    d = Path(base) if base is not None else fixloop_home() / "runs"
    if create:
        d.mkdir(parents=True, exist_ok=True)
    return d


def new_run_id() -> str:
    """A new run id ``YYYYMMDD-HHMMSS-xxxxxx``: UTC start time plus 6 random hex digits.

    Ids sort lexicographically by start second; the random part keeps concurrent runs apart.
    The id is a valid git branch component (used in ``fixloop/<run-id>``).
    """
    stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{_secrets.token_hex(3)}"


def secret_values(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """Map secret value -> variable name for credential-like variables in ``env`` (default os.environ).

    Only values of at least :data:`MIN_SECRET_LEN` characters are included; longer values come
    first in iteration order so that a value containing another is replaced whole.
    """
    env = os.environ if env is None else env
    found = {
        v: k
        for k, v in env.items()
        if SECRET_NAME_RE.search(k) and isinstance(v, str) and len(v) >= MIN_SECRET_LEN
    }
    return dict(sorted(found.items(), key=lambda kv: -len(kv[0])))


#: ``KEY=VALUE`` lines of dotenv files (an optional ``export``, quotes around the value).
_DOTENV_LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(.*?)\s*$")


def dotenv_secrets(folders: Iterable[Path], *, max_bytes: int = 256 * 1024) -> dict[str, str]:
    """Map secret value -> label for every value in the dotenv files of ``folders``.

    A dotenv file is a ``.env`` or ``.env.*`` file directly in one of the folders (the user's
    checkout and its repository top). Every ``KEY=VALUE`` line's value of at least
    :data:`MIN_SECRET_LEN` characters counts, whatever the key's name: a dotenv file is where
    a project keeps what must not leave the machine. Unreadable or huge files are skipped.

    Args:
        folders: folders to look in (not searched recursively).
        max_bytes: files larger than this are skipped.

    Returns:
        ``{value: ".env:KEY"}``, longer values first (see :func:`secret_values`).
    """
    found: dict[str, str] = {}
    for folder in dict.fromkeys(Path(f) for f in folders):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            if name != ".env" and not name.startswith(".env."):
                continue
            path = folder / name
            try:
                if not path.is_file() or path.stat().st_size > max_bytes:
                    continue
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            for line in text.splitlines():
                m = _DOTENV_LINE.match(line)
                if not m or line.lstrip().startswith("#"):
                    continue
                value = m.group(2)
                if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                    value = value[1:-1]
                if len(value) >= MIN_SECRET_LEN:
                    found.setdefault(value, f"{name}:{m.group(1)}")
    return dict(sorted(found.items(), key=lambda kv: -len(kv[0])))


def to_jsonable(obj: Any) -> Any:
    """Convert ``obj`` to JSON-ready data.

    Dataclasses (``to_dict()`` if they have one), enums (their value), paths and unknown objects
    (``str``), bytes (UTF-8 with replacement), sets and tuples (lists). Dict keys become strings.
    """
    if obj is None or isinstance(obj, bool | int | float | str):
        if isinstance(obj, enum.Enum):
            return obj.value
        return obj
    if isinstance(obj, enum.Enum):
        return to_jsonable(obj.value)
    if isinstance(obj, Mapping):
        return {str(to_jsonable(k)): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in obj]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        to_dict = getattr(obj, "to_dict", None)
        if callable(to_dict):
            return to_jsonable(to_dict())
        return to_jsonable(dataclasses.asdict(obj))
    if isinstance(obj, bytes | bytearray):
        return bytes(obj).decode("utf-8", errors="replace")
    if hasattr(obj, "model_dump") and callable(obj.model_dump):  # pydantic models
        return to_jsonable(obj.model_dump())
    return str(obj)


def redact(obj: Any, secrets: Mapping[str, str]) -> Any:
    """Return ``obj`` (JSON-ready data) with every secret value inside strings replaced.

    Args:
        obj: data made of dicts, lists and scalars.
        secrets: value -> variable name, as from :func:`secret_values`.
    """
    if not secrets:
        return obj
    if isinstance(obj, str):
        for value, name in secrets.items():
            if value in obj:
                obj = obj.replace(value, f"[REDACTED:{name}]")
        return obj
    if isinstance(obj, dict):
        return {redact(k, secrets): redact(v, secrets) for k, v in obj.items()}
    if isinstance(obj, list):
        return [redact(v, secrets) for v in obj]
    return obj


def process_cpu_s() -> float:
    """CPU-seconds (user + system) this process and its children it has waited for have used.

    :func:`os.times`: the process's own time since it started plus that of the ended children
    it reaped (a child still running is counted once it ends). Sandboxed commands are not in
    it: bubblewrap's outer process exits without reaping the namespace's init, so their time
    goes to whoever reaps that orphan.
    """
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


class Trajectory:
    """Writes a run's events to a JSONL file, one flushed line per event.

    Args:
        path: the file to write; default ``runs_dir(base)/<run_id>.jsonl``.
        run_id: the run id (default :func:`new_run_id`, or the file name's stem when ``path``
            is given).
        base: the runs directory to use when ``path`` is not given.
        env: environment whose credential-like values are redacted (default ``os.environ``,
            read once here).
        extra_secrets: more ``{value: label}`` to redact (the user's dotenv values).

    Attributes:
        path: the trajectory file (absolute).
        run_id: the run id.

    The file is opened for appending on the first write (created owner-only, mode 0600). Use as a context manager or call
    :meth:`close`. Raises OSError when the file cannot be written.
    """

    def __init__(
        self,
        path: Path | str | None = None,
        *,
        run_id: str | None = None,
        base: Path | None = None,
        env: Mapping[str, str] | None = None,
        extra_secrets: Mapping[str, str] | None = None,
    ) -> None:
        if path is None:
            self.run_id = run_id or new_run_id()
            self.path = (runs_dir(base) / f"{self.run_id}.jsonl").absolute()
        else:
            self.path = Path(path).absolute()
            self.run_id = run_id or self.path.stem
            self.path.parent.mkdir(parents=True, exist_ok=True)
        merged = {**(extra_secrets or {}), **secret_values(env)}
        self._secrets = dict(sorted(merged.items(), key=lambda kv: -len(kv[0])))
        self._start = time.monotonic()
        self._fh: IO[str] | None = None

    def elapsed(self) -> float:
        """Seconds since this trajectory was created (the run start)."""
        return time.monotonic() - self._start

    def write(self, type: str, **data: Any) -> None:
        r"""Append one event ``{"type": type, "t": seconds, "cpu": seconds, **data}``; flush it.

        ``cpu`` is :func:`process_cpu_s` when the event is written.

        Values are converted with :func:`to_jsonable` and secrets redacted; lone surrogates
        are written as JSON ``\uXXXX`` escapes (never an encoding error). A ``run_start``
        event also gets ``"started_at"`` (ISO-8601 UTC) and ``"run_id"`` unless given.
        """
        event: dict[str, Any] = {
            "type": type,
            "t": round(self.elapsed(), 3),
            "cpu": round(process_cpu_s(), 3),
        }
        if type == "run_start":
            event["run_id"] = self.run_id
            event["started_at"] = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
        for k, v in data.items():
            if k not in ("type", "t", "cpu"):
                event[k] = v
        line = json.dumps(redact(to_jsonable(event), self._secrets), ensure_ascii=False)
        if self._fh is None:
            # owner-only: a trajectory holds the repository's code and the model's messages
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            # A lone surrogate (a provider's JSON may carry "\udc80") cannot be UTF-8: it is
            # written as the JSON escape \udc80 (backslashreplace gives exactly that), which
            # read_trajectory decodes back to the same string. Writing never raises on text.
            self._fh = open(fd, "a", encoding="utf-8", errors="backslashreplace")  # noqa: SIM115
        self._fh.write(line + "\n")
        self._fh.flush()

    def close(self) -> None:
        """Close the file (idempotent)."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self) -> Trajectory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_trajectory(path: Path | str) -> list[dict[str, Any]]:
    """Read a JSONL trajectory into a list of event dicts.

    A last line that is not valid JSON (a run killed mid-write) is dropped; blank lines are
    skipped.

    Raises:
        UsageError: the file is missing or unreadable, a line other than the last is not a
            JSON object, or the file has text but no JSON event at all (a one-line script or
            any other file was shown as an empty, "incomplete" run with exit code 0).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise UsageError(f"cannot read trajectory {p}: {e.strerror or e}") from None
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    events: list[dict[str, Any]] = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError:
            ev = None
        if not isinstance(ev, dict):
            if n == len(lines):
                break  # truncated last line
            raise UsageError(f"{p}: line {n} is not a JSON event; is this a fixloop trajectory?")
        events.append(ev)
    if not events and lines:
        raise UsageError(
            f"{p} holds no complete JSON event: not a fixloop trajectory (or a run killed while "
            "it wrote its first line)"
        )
    return events


def _first_line(path: Path) -> str:
    with open(path, "rb") as fh:
        return fh.readline().decode("utf-8", errors="replace")


def _last_complete_line(path: Path, block: int = 65536) -> str:
    """The last line of ``path`` that ends with a newline (a truncated tail is skipped)."""
    with open(path, "rb") as fh:
        fh.seek(0, os.SEEK_END)
        end = fh.tell()
        buf = b""
        pos = end
        while pos > 0:
            step = min(block, pos)
            pos -= step
            fh.seek(pos)
            buf = fh.read(step) + buf
            cut = buf.rfind(b"\n")
            if cut == -1:
                continue
            complete = buf[:cut]
            start = complete.rfind(b"\n")
            if start != -1 or pos == 0:
                return complete[start + 1 :].decode("utf-8", errors="replace")
        return ""


def _as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _load(line: str) -> dict[str, Any]:
    try:
        ev = json.loads(line)
    except (json.JSONDecodeError, ValueError):
        return {}
    return ev if isinstance(ev, dict) else {}


def summarize_run(path: Path) -> dict[str, Any]:
    """A summary of one trajectory file, read from its first and last complete lines.

    Returns:
        {"run_id", "path" (the trajectory), "started_at", "model", "repo", "target" (the folder
        the run worked on), "branch", "status", "verified", "summary"}; ``status`` is the run_end's status, or ``"incomplete"`` when the run has no
        run_end (still running, or killed). Missing values are None.
    """
    start = _load(_first_line(path))
    if start.get("type") != "run_start":
        start = {}
    end = _load(_last_complete_line(path))
    if end.get("type") != "run_end":
        end = {}
    result = _as_dict(end.get("result")) or end
    cfg = _as_dict(start.get("config"))
    started = start.get("started_at")
    if started is None and _RUN_ID_RE.match(path.stem):
        s = path.stem
        started = f"{s[0:4]}-{s[4:6]}-{s[6:8]}T{s[9:11]}:{s[11:13]}:{s[13:15]}+00:00"
    return {
        "run_id": start.get("run_id") or path.stem,
        "path": str(path),
        "started_at": started,
        "model": start.get("model") or result.get("model") or None,
        "repo": start.get("repo") or start.get("path") or cfg.get("repo") or None,
        "target": start.get("path") or start.get("repo") or None,
        "branch": start.get("branch") or result.get("branch"),
        "status": result.get("status") if end else "incomplete",
        "verified": result.get("verified") if end else None,
        "summary": result.get("summary") if end else None,
    }


def list_runs(base: Path | None = None) -> list[dict[str, Any]]:
    """Summaries of every run in the runs directory.

    Summaries (see :func:`summarize_run`) of every ``*.jsonl`` in the runs directory, oldest first
    (sorted by run id, which sorts by start time).
    """
    d = runs_dir(base, create=False)
    return [summarize_run(p) for p in sorted(d.glob("*.jsonl"))] if d.is_dir() else []


def find_run(ref: str, base: Path | None = None) -> Path:
    """The trajectory file that ``ref`` names.

    Args:
        ref: a path to a trajectory file, a run id, a unique prefix of one, or ``"last"``
            (the newest run).
        base: the runs directory (default :func:`runs_dir`).

    Raises:
        UsageError: nothing matches, or a prefix matches several runs (they are listed).
    """
    p = Path(ref).expanduser()
    if p.is_file():
        return p
    d = runs_dir(base, create=False)
    runs = sorted(d.glob("*.jsonl")) if d.is_dir() else []
    if ref in ("last", "latest"):
        if not runs:
            raise UsageError(f"no runs recorded yet in {d}")
        return runs[-1]
    exact = [r for r in runs if r.stem == ref]
    if exact:
        return exact[0]
    hits = [r for r in runs if r.stem.startswith(ref)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise UsageError(f"no run matches {ref!r} in {d} (see `fixloop runs`)")
    names = ", ".join(h.stem for h in hits[:5]) + (" ..." if len(hits) > 5 else "")
    raise UsageError(f"{ref!r} matches {len(hits)} runs: {names}; give more of the id")
