"""The agent process (fixloop.eval.agentproc): the config it gets, written with tomli-w and read
back by the real ``fixloop fix`` child; its result read from stdout into the record's fields."""

from __future__ import annotations

import datetime as dt
import json
import tomllib
from pathlib import Path

import pytest
from eval_suite_files import SUITE_FILES, write

from fixloop.errors import ConfigError, SandboxUnavailable
from fixloop.eval.agentproc import (
    AgentRun,
    agent_config,
    check_agent_configs,
    config_toml,
    parse_result,
    refused_arguments,
    result_fields,
    write_agent_config,
)
from fixloop.eval.runner import RUNS_FILE, EvalConfig, read_runs, run_eval
from fixloop.eval.suite import load_suite

# the eval's own state (its durations file, fixloop.eval.order) goes to a private FIXLOOP_HOME
pytestmark = pytest.mark.usefixtures("private_home")

#: Non-ASCII text of the Basic Multilingual Plane and astral characters (outside it, each one a
#: surrogate pair in JSON's \u escapes, which TOML does not allow).
NON_ASCII = "données façade Ωμέγα 日本語"
ASTRAL = "🐛🔒🚀 𝔘𝔫𝔦𝔠𝔬𝔡𝔢"


@pytest.fixture
def mini_suite(tmp_path: Path) -> Path:
    return write(tmp_path / "suite", SUITE_FILES)


def test_agent_config_merges_user_config_and_round_trips(mini_suite: Path, tmp_path: Path) -> None:
    task = load_suite(mini_suite).tasks[0]
    user = tmp_path / "user.toml"
    user.write_text(
        'model = "repair"\n[budgets]\nmax_steps = 50\nmax_tokens = 1000\n'
        '[prices."my-model"]\ninput = 1.0\noutput = 2.0\n'
    )
    cfg = agent_config(task, {"max_steps": 9, "test_timeout_s": 30.0}, user)
    assert cfg["test_cmd"] == list(task.test_cmd)
    assert cfg["budgets"] == {"max_steps": 9, "max_tokens": 1000}
    assert cfg["timeouts"] == {"test_timeout_s": 30.0}
    assert cfg["prices"] == {"my-model": {"input": 1.0, "output": 2.0}}
    assert tomllib.loads(config_toml(cfg)) == cfg
    odd = {"s": 'quote " and \\ and \n', "l": [1, 2.5, True], "t": {"a": {"b": "c"}}}
    assert tomllib.loads(config_toml(odd)) == odd


def test_config_toml_round_trips_non_ascii_astral_and_dates(tmp_path: Path) -> None:
    data = {
        "test_cmd": ["python", "-c", f"print({ASTRAL!r})", NON_ASCII],
        "blocked": [f"{NON_ASCII}/*", f"{ASTRAL}/*"],
        f"clé {ASTRAL}": {"nested": {ASTRAL: NON_ASCII}},
        "day": dt.date(2026, 11, 30),
        "moment": dt.datetime(2026, 11, 30, 19, 5, 7, tzinfo=dt.UTC),
        "local": dt.datetime(2026, 11, 30, 19, 5, 7, 250000),
        "clock": dt.time(19, 5, 7),
        "dates": [dt.date(2000, 2, 29), dt.date(1999, 12, 31)],
    }
    text = config_toml(data)
    assert "\\ud83d" not in text.lower()  # no surrogate escapes
    assert tomllib.loads(text) == data
    path = tmp_path / "c.toml"
    write_agent_config(path, data)
    assert tomllib.loads(path.read_text(encoding="utf-8")) == data


def test_config_toml_refuses_what_toml_cannot_hold(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot write the agent's config"):
        config_toml({"python": None})
    with pytest.raises(ConfigError):
        write_agent_config(tmp_path / "c.toml", {"x": object()})
    assert not (tmp_path / "c.toml").exists()  # nothing half-written


def test_check_agent_configs_reads_them_back_like_the_child(
    mini_suite: Path, tmp_path: Path
) -> None:
    tasks = load_suite(mini_suite).tasks
    user = tmp_path / "user.toml"
    user.write_text(f'blocked = ["{ASTRAL}/*"]\n[budgets]\nmax_tokens = 1000\n', encoding="utf-8")
    check_agent_configs(tasks, {"max_steps": 9}, user)  # valid: no error
    check_agent_configs(tasks, {}, None)
    user.write_text("[budgets]\nmax_step = 3\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        check_agent_configs(tasks, {}, user)
    text = str(info.value)
    assert text.startswith(f"the agent's settings for task double ({user} + the suite's")
    assert "unknown key 'budgets.max_step' (did you mean 'max_steps'?)" in text
    assert "fixloop-eval-config-" not in text  # the temporary file is not named
    user.write_text("model = \n", encoding="utf-8")
    with pytest.raises(ConfigError, match=str(user)):
        check_agent_configs(tasks, {}, user)
    with pytest.raises(ConfigError) as info:  # a variant's value: named, not blamed on [defaults]
        check_agent_configs(tasks, {"max_steps": "abc"}, None, "short")
    assert "(the suite's test_cmd and [defaults] + --variant short) are invalid" in str(info.value)


def test_parse_result_takes_the_json_object() -> None:
    assert parse_result('{"status": "verified"}\n') == {"status": "verified"}
    assert parse_result('noise\n{"status": "not_fixed"}\n') == {"status": "not_fixed"}
    assert parse_result("") is None
    assert parse_result("Traceback\n[1, 2]\n") is None


def _run(code: int | None, stdout: str = "", stderr: str = "", timed_out: bool = False) -> AgentRun:
    return AgentRun(code, stdout, stderr, timed_out, 1.23456, parse_result(stdout))


def test_result_fields_from_result_crash_timeout_and_refusal() -> None:
    ok = json.dumps(
        {
            "status": "verified",
            "verified": True,
            "steps": 4,
            "usage": {"input_tokens": 10, "output_tokens": 2, "cost_usd": 0.5},
            "counters": {"false_success_claims": 1, "loop_warnings": 2},
            "summary": "fixed",
        }
    )
    f = result_fields(_run(0, ok), 90.0)
    assert (f["status"], f["verified"], f["steps"], f["cost_usd"], f["error"]) == (
        "verified",
        True,
        4,
        0.5,
        None,
    )
    assert (f["false_success_claims"], f["loop_warnings"], f["wall_s"]) == (1, 2, 1.235)
    crash = result_fields(_run(1, "", "Traceback\nRuntimeError: boom\n"), 90.0)
    assert crash["status"] == "crashed" and crash["cost_usd"] is None
    assert crash["error"] == "agent exit 1, no JSON result: RuntimeError: boom"
    late = result_fields(_run(-9, "", "", timed_out=True), 90.0)
    assert late["status"] == "timed_out" and late["error"] == "killed after 90 s (run timeout)"
    odd = result_fields(_run(4, '{"status": "error", "summary": "no sandbox"}'), 90.0)
    assert odd["status"] == "error" and odd["error"] == "agent exit 4: no sandbox"
    assert refused_arguments(_run(2, "", "Error: No such option: --bogus"))
    assert not refused_arguments(_run(2, '{"status": "error"}'))
    assert not refused_arguments(_run(2, "", "", timed_out=True))


GIVE_UP = [
    {
        "stop_reason": "end_turn",
        "content": [{"type": "text", "text": "CANNOT FIX: this test only checks the config."}],
    }
]


def test_real_child_reads_non_ascii_and_astral_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole path: user config + task settings -> written config -> ``fixloop fix`` child.

    The child's ``run_start`` event records the settings it loaded: the astral and non-ASCII
    values the eval wrote come back unchanged. With JSON-style escapes the child refused its
    config (not valid TOML) and every run of the eval was an error.
    """
    suite = write(tmp_path / "suite", SUITE_FILES)
    (suite / "double" / "task.toml").write_text(
        'id = "double"\nkind = "wrong-binary-operator"\nexpected_files = ["calc.py"]\n'
        f'prompt = "Fix double {ASTRAL}."\n'
        f'test_cmd = ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", '
        f'"not {NON_ASCII.split()[0]}"]\n',
        encoding="utf-8",
    )
    user = tmp_path / "user.toml"
    user.write_text(
        f'blocked = ["{NON_ASCII}/*", "{ASTRAL}/*"]\n'
        f'[prices."modèle-{ASTRAL}"]\ninput = 1.5\noutput = 3.0\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("FIXLOOP_CONFIG", str(user))
    for key in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(key, raising=False)
    script = tmp_path / "give_up.json"
    script.write_text(json.dumps(GIVE_UP), encoding="utf-8")
    out = tmp_path / "out"
    cfg = EvalConfig(
        suite=suite, model=f"script:{script}", out=out, tasks="double", quiet=True, timeout_s=120
    )
    try:
        run_eval(cfg)
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox here: {exc}")
    (rec,) = read_runs(out / RUNS_FILE)
    assert rec["error"] is None, rec
    assert rec["exit_code"] in (0, 1) and not rec["resolved"]
    events = [json.loads(x) for x in Path(rec["trajectory"]).read_text("utf-8").splitlines()]
    start = next(e for e in events if e["type"] == "run_start")
    seen = json.dumps(start, ensure_ascii=False)
    assert f"Fix double {ASTRAL}." in seen  # the task text (argv)
    assert f'"not {NON_ASCII.split()[0]}"' in seen  # the task's test_cmd (written config)
    assert f'"{ASTRAL}/*"' in seen and f'"{NON_ASCII}/*"' in seen  # the user's blocked paths
    assert f"modèle-{ASTRAL}" in seen  # the user's prices


def test_an_exception_raised_into_the_waiting_thread_ends_the_wait_at_once(tmp_path: Path) -> None:
    """Ray's cancel of a running task raises KeyboardInterrupt into its thread (asynchronously).

    One long ``select`` did not see it until the agent ended (300 s here): the cancelled run went
    on and its temporary folders outlived an interrupted Ray eval. Now the wait ends within a
    slice, and the agent's process group is killed.
    """
    import ctypes
    import os
    import signal
    import sys
    import threading
    import time

    from fixloop.eval.agentproc import WAIT_SLICE_S, run_agent

    pid_file = tmp_path / "pid"
    script = (
        f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(300)"
    )
    seen: list[BaseException] = []

    def wait() -> None:
        try:
            run_agent([sys.executable, "-c", script], dict(os.environ), timeout_s=300)
        except BaseException as exc:  # noqa: BLE001 - what the thread saw is the result
            seen.append(exc)

    thread = threading.Thread(target=wait)
    thread.start()
    deadline = time.monotonic() + 60
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline, "the agent did not start"
        time.sleep(0.05)
    pid = int(pid_file.read_text())
    raised_at = time.monotonic()
    ident = ctypes.c_ulong(thread.ident or 0)
    assert ctypes.pythonapi.PyThreadState_SetAsyncExc(ident, ctypes.py_object(KeyboardInterrupt))
    thread.join(timeout=30)
    took = time.monotonic() - raised_at
    if thread.is_alive():  # the defect: end the agent, so the thread ends too, then fail
        os.kill(pid, signal.SIGKILL)
        thread.join()
        pytest.fail("the wait did not see the interrupt")
    assert [type(e) for e in seen] == [KeyboardInterrupt]
    assert took < WAIT_SLICE_S + 10  # a slice, plus the kill and wait, under load
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # killed and reaped by run_agent (it is not a zombie: p.wait())
