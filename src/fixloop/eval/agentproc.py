"""One agent run as a separate process: ``fixloop fix TMP --json`` and the result it prints.

The eval treats the agent as a black box: a process that gets a repository, a task text, a config
file and a wall-clock budget, and prints one ``--json`` object (see :mod:`fixloop.cli`). This
module builds what the process gets (:func:`agent_config`, :func:`write_agent_config`,
:func:`agent_argv`, :func:`agent_env`), runs it with a hard outside limit and a registry so Ctrl-C
can end every live process (:func:`run_agent`, :class:`ProcessRegistry`), and turns what it printed
into run-record fields (:func:`parse_result`, :func:`result_fields`).

The config file is written with tomli-w (a maintained TOML writer): every string, including
characters outside the Basic Multilingual Plane such as emoji, and every date or time value is
written as TOML allows, so the child's :func:`fixloop.config.load_settings` reads back exactly the
values the eval meant.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from fixloop import cpus
from fixloop.errors import ConfigError
from fixloop.eval.suite import Task, settings_section

#: Seconds past its own ``--timeout`` budget before the agent process is stopped from outside.
HARD_GRACE_S = 30.0

#: Seconds the agent gets after SIGINT (on timeout) to commit its work before SIGKILL.
KILL_GRACE_S = 10.0

#: Seconds of one wait for the agent (:func:`run_agent` waits in slices, so an exception raised
#: into its thread, such as Ray's cancel, is seen within this time).
WAIT_SLICE_S = 0.5

#: A fixed git identity for the task repositories and the agent's commits in them.
GIT_ENV = {
    "GIT_AUTHOR_NAME": "fixloop-eval",
    "GIT_AUTHOR_EMAIL": "fixloop-eval@localhost",
    "GIT_COMMITTER_NAME": "fixloop-eval",
    "GIT_COMMITTER_EMAIL": "fixloop-eval@localhost",
    "GIT_CONFIG_NOSYSTEM": "1",
}


class EvalInterrupted(Exception):
    """The eval is stopping (Ctrl-C): the run is dropped unscored and unrecorded."""


# --------------------------------------------------------------------------------------------
# What the process gets
# --------------------------------------------------------------------------------------------


def agent_config(
    task: Task, budgets: Mapping[str, Any], user_config: Path | None
) -> dict[str, Any]:
    """The user config one run's agent gets: the user's own, plus the task's settings.

    The task's ``test_cmd`` and the suite's ``[defaults]`` budgets go in as user settings (not
    repository ones), so the agent runs exactly the command that scoring runs and a suite can
    set, for instance, ``max_steps``. Nothing is written into the task's repository.

    Args:
        task: the task.
        budgets: ``suite.toml`` ``[defaults]`` except ``test_cmd`` (flat keys such as
            ``max_steps`` are put in their settings section, see
            :func:`fixloop.eval.suite.settings_section`).
        user_config: the user's config file (read when it exists), or None.

    Returns:
        the settings dict to write as the run's ``FIXLOOP_CONFIG`` (:func:`write_agent_config`).

    Raises:
        ConfigError: the user's config does not parse.
    """
    data: dict[str, Any] = {}
    if user_config is not None and user_config.is_file():
        try:
            data = tomllib.loads(user_config.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{user_config}: {exc}") from None
    data["test_cmd"] = list(task.test_cmd)
    for key, value in budgets.items():
        section = settings_section(key)
        if section is None:
            data[key] = value
        else:
            if not isinstance(data.get(section), dict):
                data[section] = {}
            data[section].pop(key, None)
            data[section][key] = value
            data.pop(key, None)
    return data


def config_toml(data: Mapping[str, Any]) -> str:
    """``data`` as TOML text (tomli-w): ``tomllib.loads(config_toml(d)) == d``.

    Args:
        data: a dict of TOML-representable values: str (any Unicode), int, float, bool,
            :class:`datetime.date` / ``datetime`` / ``time``, lists and nested dicts.

    Returns:
        the TOML document (UTF-8 text; nested dicts become tables).

    Raises:
        ConfigError: a value TOML cannot hold (e.g. None or an object); the message names it.
    """
    try:
        return tomli_w.dumps(dict(data))
    except TypeError as exc:
        raise ConfigError(f"cannot write the agent's config: {exc}") from None


def write_agent_config(path: Path, data: Mapping[str, Any]) -> None:
    """Write ``data`` (from :func:`agent_config`) to ``path`` as UTF-8 TOML.

    Raises:
        ConfigError: a value TOML cannot hold (nothing is written then).
    """
    text = config_toml(data)
    path.write_text(text, encoding="utf-8")


def check_agent_configs(
    tasks: Sequence[Task],
    budgets: Mapping[str, Any],
    user_config: Path | None,
    variant: str = "",
) -> None:
    """Read every task's agent config back with the child's own loader, before any run starts.

    Each config is written as :func:`run_one <fixloop.eval.runner.run_one>` writes it and loaded
    with :func:`fixloop.config.load_settings` (the pydantic models the ``fixloop fix`` child
    uses), so a mistake in the user's config or a suite's budgets is one error for the eval,
    not one failed run per task.

    Args:
        tasks: the tasks about to run (configs differ by ``test_cmd`` only).
        budgets: the suite's ``[defaults]`` budgets.
        user_config: the user's config file, or None.
        variant: the name of the variant whose settings are in ``budgets`` ("" for none).

    Raises:
        ConfigError: a config the child would refuse; the message names the user's config, the
            variant (its settings were blamed on the suite's ``[defaults]``) and the key.
    """
    import tempfile

    from fixloop.config import load_settings

    seen: set[tuple[str, ...]] = set()
    with tempfile.TemporaryDirectory(prefix="fixloop-eval-config-") as tmp:
        path = Path(tmp) / "config.toml"
        for task in tasks:
            if task.test_cmd in seen:
                continue
            seen.add(task.test_cmd)
            write_agent_config(path, agent_config(task, budgets, user_config))
            try:
                load_settings(None, env={"FIXLOOP_CONFIG": str(path)})
            except ConfigError as exc:
                source = f"{user_config} + " if user_config and user_config.is_file() else ""
                source += "the suite's test_cmd and [defaults]"
                source += f" + --variant {variant}" if variant else ""
                text = str(exc).replace(str(path), "").lstrip(": ")
                raise ConfigError(
                    f"the agent's settings for task {task.id} ({source}) are invalid: {text}"
                ) from None


def default_agent_cmd() -> list[str]:
    """The command that starts fixloop: ``[sys.executable, "-m", "fixloop"]``."""
    return [sys.executable, "-m", "fixloop"]


def agent_argv(
    repo: Path,
    *,
    model: str,
    prompt: str,
    sandbox_kind: str,
    timeout_s: float,
    agent_cmd: Sequence[str] | None = None,
    extra_args: Sequence[str] = (),
) -> list[str]:
    """The agent's command line: ``AGENT_CMD fix REPO --json --model M --task PROMPT ...``.

    Args:
        repo: the run's task repository.
        model: the ``--model`` spec.
        prompt: the task text (``--task``).
        sandbox_kind: ``--sandbox``; ``none`` adds ``--allow-unsandboxed`` (the eval itself was
            told ``--sandbox none`` explicitly).
        timeout_s: the agent's own wall-clock budget (``--timeout``), seconds.
        agent_cmd: the command that starts fixloop (default :func:`default_agent_cmd`).
        extra_args: more ``fix`` arguments, appended last.
    """
    return [
        *(agent_cmd or default_agent_cmd()),
        "fix",
        str(repo),
        "--json",
        "--model",
        model,
        "--task",
        prompt,
        "--sandbox",
        sandbox_kind,
        *(["--allow-unsandboxed"] if sandbox_kind == "none" else []),
        "--timeout",
        f"{timeout_s:g}",
        *extra_args,
    ]


def agent_env(home: Path, config: Path) -> dict[str, str]:
    """The agent process's environment: ours, plus its own home, config and a git identity.

    The folder that holds the ``fixloop`` package goes first on PYTHONPATH so the child runs
    the same fixloop as this process, installed or not; ``FIXLOOP_SHARED`` is dropped.

    Args:
        home: the run's ``FIXLOOP_HOME`` (trajectories, worktrees).
        config: the run's ``FIXLOOP_CONFIG`` file.
    """
    import fixloop

    pkg_parent = str(Path(fixloop.__file__).resolve().parent.parent)
    env = {**os.environ, **GIT_ENV, "FIXLOOP_HOME": str(home), "FIXLOOP_CONFIG": str(config)}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (pkg_parent, os.environ.get("PYTHONPATH", "")) if p
    )
    env.pop("FIXLOOP_SHARED", None)
    return env


# --------------------------------------------------------------------------------------------
# Running it
# --------------------------------------------------------------------------------------------


class ProcessRegistry:
    """The agent processes alive right now, so an interrupt can end every one of them.

    Thread-safe: runs in parallel jobs add and discard their process; ``kill_all`` sets
    :attr:`stopping` and SIGKILLs every registered process group.
    """

    def __init__(self) -> None:
        self._procs: set[subprocess.Popen[bytes]] = set()
        self._lock = threading.Lock()
        self.stopping = False

    def add(self, p: subprocess.Popen[bytes]) -> None:
        """Register a live agent process (started with its own session)."""
        with self._lock:
            self._procs.add(p)

    def discard(self, p: subprocess.Popen[bytes]) -> None:
        """Forget a process that has ended."""
        with self._lock:
            self._procs.discard(p)

    def kill_all(self) -> None:
        """SIGKILL the process group of every live agent process."""
        self.stopping = True
        with self._lock:
            procs = list(self._procs)
        for p in procs:
            _signal_group(p, signal.SIGKILL)


def _signal_group(p: subprocess.Popen[bytes], sig: int) -> None:
    try:
        os.killpg(p.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


@dataclass(frozen=True)
class AgentRun:
    """What one agent process did.

    Attributes:
        exit_code: its exit code (None if it could not be read).
        stdout: its standard output (UTF-8, undecodable bytes replaced).
        stderr: its standard error.
        timed_out: it overran its hard limit and was stopped from outside.
        wall_s: wall-clock seconds from start to end.
        result: the ``--json`` object it printed (:func:`parse_result`), or None.
    """

    exit_code: int | None
    stdout: str
    stderr: str
    timed_out: bool
    wall_s: float
    result: dict[str, Any] | None


def run_agent(
    argv: Sequence[str],
    env: Mapping[str, str],
    timeout_s: float,
    registry: ProcessRegistry | None = None,
    cores: list[int] | None = None,
) -> AgentRun:
    """Run the agent process to its end, within a hard wall-clock limit.

    The process gets its own session (process group). Past ``timeout_s`` seconds the group
    gets SIGINT (the agent commits its work and exits), then SIGKILL after
    :data:`KILL_GRACE_S` seconds. Whatever happens, no process of the group outlives this call.

    Args:
        argv: the command (:func:`agent_argv`).
        env: its environment (:func:`agent_env`).
        timeout_s: the hard limit in seconds (the agent's own budget plus :data:`HARD_GRACE_S`).
        registry: where the live process is registered for interrupts, or None.
        cores: the cores the process (and every process it starts) may use
            (:func:`fixloop.cpus.pin`), or None for all.

    Returns:
        the :class:`AgentRun`.

    Raises:
        OSError: the command cannot be started.
    """
    t0 = time.monotonic()
    p = subprocess.Popen(
        list(argv),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(env),
        start_new_session=True,
    )
    if cores is not None:
        cpus.pin(p.pid, cores)  # before it starts any child: they inherit the affinity
    if registry is not None:
        registry.add(p)
    timed_out = False
    try:
        try:
            out, err = _communicate(p, timeout_s)
        except subprocess.TimeoutExpired:
            timed_out = True
            _signal_group(p, signal.SIGINT)
            try:
                out, err = p.communicate(timeout=KILL_GRACE_S)
            except subprocess.TimeoutExpired:
                _signal_group(p, signal.SIGKILL)
                out, err = p.communicate()
    finally:
        if p.poll() is None:
            _signal_group(p, signal.SIGKILL)
            p.wait()
        if registry is not None:
            registry.discard(p)
    stdout = out.decode("utf-8", errors="replace")
    return AgentRun(
        exit_code=p.returncode,
        stdout=stdout,
        stderr=err.decode("utf-8", errors="replace"),
        timed_out=timed_out,
        wall_s=time.monotonic() - t0,
        result=parse_result(stdout),
    )


def _communicate(p: subprocess.Popen[bytes], timeout_s: float) -> tuple[bytes, bytes]:
    """``p.communicate(timeout=timeout_s)`` in slices of :data:`WAIT_SLICE_S` seconds.

    One long ``select`` would not see an exception raised into this thread from outside
    (Ray's ``ray.cancel`` of a running task, ``PyThreadState_SetAsyncExc``) until it returned:
    the task went on for the whole run and its temporary folders outlived the eval. Between
    slices such an exception is raised here at once. ``communicate`` keeps what it read across
    the ``TimeoutExpired`` of a slice (the Python documentation's retry contract).

    Raises:
        subprocess.TimeoutExpired: ``timeout_s`` seconds passed (with the total as its timeout).
    """
    deadline = time.monotonic() + timeout_s
    while True:
        left = deadline - time.monotonic()
        try:
            return p.communicate(timeout=max(0.0, min(WAIT_SLICE_S, left)))
        except subprocess.TimeoutExpired:
            if left <= WAIT_SLICE_S:
                raise subprocess.TimeoutExpired(p.args, timeout_s) from None


# --------------------------------------------------------------------------------------------
# Reading its result
# --------------------------------------------------------------------------------------------


def parse_result(stdout: str) -> dict[str, Any] | None:
    """The ``--json`` object from the agent's stdout (the whole text, else the last object line).

    Returns:
        the object, or None when stdout holds no JSON object.
    """
    text = stdout.strip()
    if not text:
        return None
    try:
        obj = json.loads(text)
        return obj if isinstance(obj, dict) else None
    except json.JSONDecodeError:
        pass
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict):
                return obj
    return None


def last_line(text: str, limit: int = 400) -> str:
    """The last non-blank line of ``text``, stripped, at most ``limit`` characters ("" if none)."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1][:limit] if lines else ""


def refused_arguments(run: AgentRun) -> bool:
    """The agent refused its command line: exit code 2, no JSON object, not timed out.

    Every other run would fail the same way, so the eval stops (see
    :func:`fixloop.eval.runner.run_one`).
    """
    return run.exit_code == 2 and run.result is None and not run.timed_out


def result_fields(run: AgentRun, hard_limit_s: float) -> dict[str, Any]:
    """The run-record fields read from the agent's result.

    Args:
        run: the :class:`AgentRun`.
        hard_limit_s: the limit it was run with (named in the error of a timed-out run).

    Returns:
        status (the agent's, else ``timed_out`` or ``crashed``), exit_code, verified, steps,
        test_runs, verifications, input_tokens, output_tokens, cost_usd (None without a
        result, or when the model had no price and its calls were counted as $0), wall_s, timed_out, refused_test_edits, false_success_claims, tamper_detected,
        tool_errors, loop_warnings, agent_summary (at most 500 characters), and error (None,
        or one line: killed, no JSON result, or an exit code other than 0 and 1).
    """
    res = run.result or {}
    usage = res.get("usage") or {}
    counters = res.get("counters") or {}
    fields: dict[str, Any] = {
        "status": res.get("status") or ("timed_out" if run.timed_out else "crashed"),
        "exit_code": run.exit_code,
        "verified": bool(res.get("verified")),
        "steps": int(res.get("steps") or 0),
        "test_runs": int(res.get("test_runs") or 0),
        "verifications": int(res.get("verifications") or 0),
        "input_tokens": int(usage.get("input_tokens") or 0),
        "output_tokens": int(usage.get("output_tokens") or 0),
        "cost_usd": (
            None if run.result is None or usage.get("price_unknown") else usage.get("cost_usd")
        ),
        "wall_s": round(run.wall_s, 3),
        "timed_out": run.timed_out,
        "refused_test_edits": int(counters.get("refused_test_edits") or 0),
        "false_success_claims": int(counters.get("false_success_claims") or 0),
        "tamper_detected": int(counters.get("tamper_detected") or 0),
        "tool_errors": int(counters.get("tool_errors") or 0),
        "loop_warnings": int(counters.get("loop_warnings") or 0),
        "agent_summary": str(res.get("summary") or "")[:500],
        "error": None,
    }
    code = run.exit_code
    if run.timed_out:
        fields["error"] = f"killed after {hard_limit_s:g} s (run timeout)"
    elif run.result is None:
        fields["error"] = (
            f"agent exit {code}, no JSON result: {last_line(run.stderr) or 'no output'}"
        )
    elif code not in (0, 1):
        fields["error"] = f"agent exit {code}: {last_line(str(res.get('summary') or run.stderr))}"
    return fields


__all__ = [
    "GIT_ENV",
    "HARD_GRACE_S",
    "KILL_GRACE_S",
    "AgentRun",
    "EvalInterrupted",
    "ProcessRegistry",
    "agent_argv",
    "agent_config",
    "agent_env",
    "check_agent_configs",
    "config_toml",
    "default_agent_cmd",
    "last_line",
    "parse_result",
    "refused_arguments",
    "result_fields",
    "run_agent",
    "write_agent_config",
]
