"""A person in the loop: ``ask_human`` and ``--approve`` (fixloop.person, tools/ask, tools/approval).

The terminal cases run the real CLI under a pseudo-terminal (stdlib ``pty``): the child gets the
pty as its controlling terminal and stdin (so ``/dev/tty`` is the pty), stdout stays a pipe (the
one JSON object of ``--json``); the test reads the prompts from the pty's master side and types
the answers there, Ctrl-C included. The API cases use the ``ask`` callback.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import git
from test_e2e import cli_env, default_sandbox_args, fixloop_branches

from fixloop.api import CodingAgent
from fixloop.errors import UsageError
from fixloop.models.scripted import ScriptedModel
from fixloop.person import NO_PERSON
from fixloop.tools.approval import is_dependency_file, parse_policy
from fixloop.trajectory import read_trajectory

ROOT = Path(__file__).resolve().parents[1]
WRONG = {
    "path": "calc.py",
    "old": "    return a - b\n\n\ndef sub",
    "new": "    return a * b\n\n\ndef sub",
}
RIGHT = {"path": "calc.py", "old": "def add(a, b):\n    return a - b\n", "new": "def add(a, b):\n    return a + b\n"}  # fmt: skip


def use(name: str, **inp: Any) -> dict[str, Any]:
    return {
        "stop_reason": "tool_use",
        "content": [{"type": "tool_use", "name": name, "input": inp}],
    }


def end(text: str) -> dict[str, Any]:
    return {"stop_reason": "end_turn", "content": [{"type": "text", "text": text}]}


pytestmark = pytest.mark.usefixtures("private_home")


def sandbox_kw() -> dict[str, Any]:
    args = default_sandbox_args()
    return {"sandbox": "none", "allow_unsandboxed": True} if "none" in args else {}


def events_of(result: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in read_trajectory(Path(str(result.trajectory))) if e["type"] == kind]


# ---- the terminal ---------------------------------------------------------------------------


class PtyRun:
    """``python -m fixloop ARGS`` with a pty as controlling terminal, stdin and stderr."""

    def __init__(self, args: list[str], home: Path) -> None:
        self.master, slave = pty.openpty()

        def take_terminal() -> None:  # runs in the child after setsid
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fixloop", *args],
            cwd=ROOT,
            env=cli_env(home),
            stdin=slave,
            stderr=slave,
            stdout=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=take_terminal,  # noqa: PLW1509 - the test needs a controlling terminal
        )
        os.close(slave)
        self.seen = b""
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self.seen += data

    def expect(self, text: str, timeout: float = 120) -> None:
        """Wait until the terminal has shown ``text`` (after what was already consumed)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                at = self.seen.find(text.encode())
                if at >= 0:
                    self.seen = self.seen[at + len(text) :]
                    return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"the terminal never showed {text!r}; it showed:\n{self.seen!r}")

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def finish(self, timeout: float = 120) -> tuple[int, str]:
        out, _ = self.proc.communicate(timeout=timeout)
        os.close(self.master)
        return self.proc.returncode, out.decode()


def script_file(tmp_path: Path, replies: list[dict[str, Any]]) -> str:
    p = tmp_path / "script.json"
    p.write_text(json.dumps(replies), encoding="utf-8")
    return f"script:{p}"


def test_a_refused_edit_reaches_the_model_with_the_persons_words(
    calc: Path, tmp_path: Path
) -> None:
    model = script_file(
        tmp_path,
        [use("edit_file", **WRONG), use("edit_file", **RIGHT), end("add used the wrong operator")],
    )
    run = PtyRun(
        [
            "fix",
            str(calc),
            "--json",
            "--approve",
            "edits",
            "--model",
            model,
            *default_sandbox_args(),
        ],
        tmp_path / "home",
    )
    run.expect("Approve edit_file calc.py? [y]es / [n]o / [e]xplain: ")
    run.type("maybe\n")  # not an answer: asked again
    run.expect("Approve edit_file calc.py? [y]es / [n]o / [e]xplain: ")
    run.type("e\n")
    run.expect("Why not (sent to the model): ")
    run.type("add must add, not multiply\n")
    run.expect("+    return a + b")  # the second edit's diff is shown
    run.expect("[e]xplain: ")
    run.type("y\n")
    code, out = run.finish()
    res = json.loads(out)  # stdout holds the one JSON object, nothing the person typed
    assert code == 0 and res["status"] == "verified", res["summary"]
    assert "add must add" not in out.replace(res["summary"], "")
    events = read_trajectory(Path(res["trajectory"]))
    results = [e for e in events if e["type"] == "tool_result"]
    assert results[0]["kind"] == "refused_by_person" and results[0]["is_error"]
    assert "add must add, not multiply" in results[0]["content"]
    approvals = [e for e in events if e["type"] == "approval"]
    assert [(a["approved"], a["words"]) for a in approvals] == [
        (False, "add must add, not multiply"),
        (True, ""),
    ]
    assert "def add(a, b):\n    return a + b\n" in git(calc, "show", f"{res['branch']}:calc.py")


def test_ask_human_answers_and_ctrl_c_during_a_question_is_an_interrupt(
    calc: Path, tmp_path: Path
) -> None:
    model = script_file(
        tmp_path,
        [
            use("ask_human", question="Should add add or subtract?"),
            use("edit_file", **RIGHT),
            use("ask_human", question="Anything else?"),
            end("done"),
        ],
    )
    run = PtyRun(
        ["fix", str(calc), "--json", "--model", model, *default_sandbox_args()], tmp_path / "home"
    )
    run.expect("The model asks: Should add add or subtract?")
    run.expect("Your answer: ")
    run.type("add them, of course\n")
    run.expect("The model asks: Anything else?")
    run.expect("Your answer: ")
    run.type("\x03")  # Ctrl-C at the terminal: SIGINT to the foreground process group
    code, out = run.finish()
    assert code == 130
    res = json.loads(out)  # one clean object even though the person typed into the run
    assert "add them" not in out
    assert res["exit_code"] == 130 and res["verified"] is False
    branch = res["branch"]
    assert branch and fixloop_branches(calc) == [branch]  # the work is committed on the branch
    assert "return a + b" in git(calc, "show", f"{branch}:calc.py")
    questions = [e for e in read_trajectory(Path(res["trajectory"])) if e["type"] == "question"]
    assert questions[0]["question"] == "Should add add or subtract?"
    assert questions[0]["answer"] == "add them, of course"
    tool_results = [
        e for e in read_trajectory(Path(res["trajectory"])) if e["type"] == "tool_result"
    ]  # noqa: E501
    assert tool_results[0]["content"] == "The person answered: add them, of course"


# ---- without a terminal, and the API --------------------------------------------------------


def test_without_a_person_ask_human_says_so_at_once(calc: Path) -> None:
    model = ScriptedModel(
        [use("ask_human", question="Which sign?"), use("edit_file", **RIGHT), end("fixed")]
    )
    result = CodingAgent(model, calc, **sandbox_kw()).run()
    assert result.verified
    answer = model.requests[1][1][-1]["content"][0]
    assert answer["content"] == NO_PERSON and not answer["is_error"]
    (q,) = events_of(result, "question")
    assert q["no_person"] is True and q["answer"] is None


def test_the_api_ask_callback_answers_and_approves(calc: Path) -> None:
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        if question.startswith("Approve"):
            return "y" if "a + b" in question else "no, not like that"
        return "make add add"

    model = ScriptedModel(
        [
            use("ask_human", question="What should add do?"),
            use("edit_file", **WRONG),
            use("edit_file", **RIGHT),
            end("fixed"),
        ]
    )
    result = CodingAgent(model, calc, ask=ask, approve="edits", **sandbox_kw()).run()
    assert result.verified, result.summary
    assert asked[0] == "What should add do?"
    assert model.requests[1][1][-1]["content"][0]["content"] == "The person answered: make add add"
    refused = model.requests[2][1][-1]["content"][0]
    assert refused["is_error"] and "no, not like that" in refused["content"]
    assert result.counters.tool_errors == 1


def test_approve_commit_refused_leaves_the_work_uncommitted(calc: Path) -> None:
    model = ScriptedModel([use("edit_file", **RIGHT), end("fixed")])
    result = CodingAgent(model, calc, ask=lambda q: "n", approve="commit", **sandbox_kw()).run()
    assert result.verified and result.head_commit is None
    assert result.worktree and "return a + b" in (Path(result.worktree) / "calc.py").read_text()
    assert "the person refused the commit" in result.summary
    assert fixloop_branches(calc) == [result.branch]
    assert git(calc, "rev-parse", str(result.branch)).strip() == result.base_commit


def test_dependency_files_need_approval(calc: Path) -> None:
    replies = [use("create_file", path="requirements.txt", content="attrs\n"), use("edit_file", **RIGHT), end("ok")]  # fmt: skip
    refused = CodingAgent(ScriptedModel(replies), calc, **sandbox_kw()).run()
    assert refused.verified and refused.files_changed == ["calc.py"]  # source only: refused
    model = ScriptedModel(replies)
    approved = CodingAgent(model, calc, ask=lambda q: "y", approve="deps", **sandbox_kw()).run()
    assert approved.verified, approved.summary
    assert sorted(approved.files_changed) == ["calc.py", "requirements.txt"]
    assert [e["path"] for e in events_of(approved, "approval")] == ["requirements.txt"]


def test_policy_words_and_dependency_names() -> None:
    assert parse_policy("never") == frozenset()
    assert parse_policy("edits,commit") == {"edits", "commit"}
    with pytest.raises(UsageError, match="unknown 'all'"):
        parse_policy("all")
    with pytest.raises(UsageError, match="cannot be combined"):
        parse_policy("never,edits")
    assert is_dependency_file("requirements-dev.txt") and is_dependency_file("poetry.lock")
    assert is_dependency_file("requirements/base.txt") and is_dependency_file("sub/uv.lock")
    assert not is_dependency_file("calc.py") and not is_dependency_file("pyproject.toml")


def test_approve_without_a_terminal_is_refused_before_anything(calc: Path, tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "fixloop", "fix", str(calc), "--json", "--approve", "edits"],
        cwd=ROOT,
        env=cli_env(tmp_path / "home"),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    res = json.loads(proc.stdout)
    assert "needs a person" in res["summary"] and fixloop_branches(calc) == []
