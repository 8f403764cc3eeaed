"""Models that need no network: a scripted list of replies, and a recorded run played back.

Both are callables of the model shape (:data:`fixloop.types.Model`) that ignore their inputs and
return the next reply of a fixed list. They drive the harness through every path in tests and
demos (``--model script:FILE``, ``--model replay:TRAJECTORY``).

Script file: a JSON list of replies in the harness's reply shape, as in
../shared/cases/*/script.json::

    [{"stop_reason": "tool_use",
      "content": [{"type": "tool_use", "name": "read_file", "input": {"path": "calc.py"}}]},
     {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Done."}]}]

A script that has played every reply ends the run (:class:`fixloop.errors.ScriptEnded`, raised
at the next call): its end is no claim of success. (It used to answer "(script exhausted)" as
an ``end_turn``, which the loop took for a claim: a refuted one, then the same again, so an empty
script counted two false success claims it never made.)

Filled in when left out: tool-use ids (``toolu_s<step>_<n>``, step = 1-based reply number,
n = 1-based position among the reply's tool_use blocks), ``usage`` (zeros), ``content`` ([]),
``stop_reason`` ("tool_use" when the reply has a tool_use block, else "end_turn"). Tool inputs are
passed through as written, malformed ones included: the harness must handle them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from fixloop.errors import ScriptEnded, UsageError
from fixloop.reply import check_reply


def _zero_usage() -> dict[str, int]:
    return {"input_tokens": 0, "output_tokens": 0}


def _check_reply(reply: Any, where: str) -> None:
    """Refuse a scripted reply with a defect (:func:`fixloop.reply.check_reply`)."""
    found = check_reply(reply)
    if found.defect:
        block = f", block {found.defect_block}" if found.defect_block else ""
        raise UsageError(f"{where}{block}: {found.defect}")


def _complete(reply: dict[str, Any], step: int) -> dict[str, Any]:
    """A deep copy of ``reply`` with ids, usage, content and stop_reason filled in."""
    out = copy.deepcopy(reply)
    content = out.setdefault("content", [])
    n = 0
    for block in content:
        if block.get("type") == "tool_use":
            n += 1
            if not block.get("id"):
                block["id"] = f"toolu_s{step}_{n}"
    usage = out.get("usage") or {}
    out["usage"] = {**_zero_usage(), **usage}
    if not out.get("stop_reason"):
        out["stop_reason"] = "tool_use" if n else "end_turn"
    return out


def script_files(arg: str) -> list[Path]:
    """The scripts of ``script:ARG``: comma-separated files, or the ``*.json`` files of a folder.

    A path that is a file is that one script (a comma in its name included).

    Args:
        arg: what follows ``script:`` in a ``--model`` spec.

    Returns:
        the script paths, in the order given (a folder's in name order); not checked to exist.

    Raises:
        UsageError: a folder with no ``.json`` file.
    """
    p = Path(arg).expanduser()
    if p.is_dir():
        files = sorted(q for q in p.iterdir() if q.suffix == ".json" and q.is_file())
        if not files:
            raise UsageError(f"--model script:{arg}: the folder holds no .json script")
        return files
    if p.is_file():
        return [p]
    return [Path(part).expanduser() for part in arg.split(",") if part.strip()]


def one_script(arg: str) -> Path:
    """The one script of ``script:ARG`` for a single run (one attempt).

    Raises:
        UsageError: a folder with no ``.json`` file, or several scripts (a folder of them, or a
            comma-separated list): one run plays one script.
    """
    files = script_files(arg)
    if len(files) != 1:
        raise UsageError(
            f"--model script:{arg}: {len(files)} scripts for one run; give one script, or "
            f"--attempts {len(files)} to play each in an attempt of its own"
        )
    return files[0]


class ScriptedModel:
    """Returns the given replies in order, one per call; then ends the run (``ScriptEnded``).

    Args:
        replies: replies in the harness's reply shape (see the module docstring for what may be
            left out).
        name: the name shown in reports.

    Attributes:
        name: the display name.
        calls: how many times the model was called (including the call that found it ended).
        requests: the ``(system, messages, tools)`` of each call (deep copies), for tests.

    Raises:
        UsageError: a reply is not of the reply shape (the message says which and why).
    """

    #: What a script's end is called in the stop reason (:class:`ReplayModel`: "recording").
    kind = "script"

    def __init__(self, replies: list[dict[str, Any]], *, name: str = "script") -> None:
        if not isinstance(replies, list):
            raise UsageError("a script must be a JSON list of replies")
        for i, reply in enumerate(replies, start=1):
            _check_reply(reply, f"{name}: reply {i}")
        self._replies = [_complete(r, i) for i, r in enumerate(replies, start=1)]
        self.name = name
        self.calls = 0
        self.requests: list[tuple[str, list[dict[str, Any]], list[dict[str, Any]]]] = []

    def __len__(self) -> int:
        return len(self._replies)

    @property
    def exhausted(self) -> bool:
        """True once every scripted reply has been returned."""
        return self.calls >= len(self._replies)

    def __call__(
        self, system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """Return the next reply (a fresh copy).

        Raises:
            fixloop.errors.ScriptEnded: every reply has been played.
        """
        self.requests.append((system, copy.deepcopy(messages), copy.deepcopy(tools)))
        i = self.calls
        self.calls += 1
        if i < len(self._replies):
            return copy.deepcopy(self._replies[i])
        n = len(self._replies)
        raise ScriptEnded(
            f"the {self.kind} has no reply left ({self.name}: {n} repl{'y' if n == 1 else 'ies'} "
            "played); its end is no claim of success"
        )

    @classmethod
    def from_path(cls, path: str | Path) -> ScriptedModel:
        """Load a script: a JSON file holding a list of replies.

        Raises:
            UsageError: the file is missing, unreadable, not JSON (line and column given), not a
                list, or a reply is malformed.
        """
        p = Path(path).expanduser()
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise UsageError(f"cannot read script {p}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise UsageError(f"script {p} is not UTF-8 text") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise UsageError(
                f"script {p} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}"
            ) from None
        if not isinstance(data, list):
            raise UsageError(f"script {p} must hold a JSON list of replies, not a {_kind(data)}")
        return cls(data, name=f"script:{p.name}")


def _kind(data: Any) -> str:
    names: dict[type, str] = {dict: "object", str: "string"}
    return names.get(type(data), type(data).__name__)


class ReplayModel(ScriptedModel):
    """Plays back the replies a trajectory recorded (its ``model_call`` events' ``reply``).

    Recorded usage is replayed as recorded (a replay's token counts mirror the original run).
    """

    kind = "recording"

    @classmethod
    def from_path(cls, path: str | Path) -> ReplayModel:
        """Load the replies of a recorded run.

        Args:
            path: a trajectory file (``.jsonl``), or a run id or prefix in the runs directory.

        Raises:
            UsageError: no such run or file, it records no model call, or a recorded call has
                no reply.
        """
        from fixloop.trajectory import find_run, read_trajectory

        p = find_run(str(path))
        events = read_trajectory(p)
        replies: list[dict[str, Any]] = []
        for n, ev in enumerate(events, start=1):
            if ev.get("type") != "model_call":
                continue
            reply = ev.get("reply")
            if not isinstance(reply, dict):
                raise UsageError(f"{p}: model_call event {n} has no recorded reply to play back")
            replies.append(reply)
        if not replies:
            raise UsageError(f"{p} records no model call: nothing to replay")
        return cls(replies, name=f"replay:{p.name}")
