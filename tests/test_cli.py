"""The ``fixloop`` command in-process (typer's runner): commands, exit codes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_e2e import default_sandbox_args, fixloop_branches, snapshot
from typer.testing import CliRunner

from fixloop import cli
from fixloop.errors import ProviderAuthError, ProviderUnavailable, SandboxUnavailable
from fixloop.models import ModelChoice

ROOT = Path(__file__).resolve().parents[1]


pytestmark = pytest.mark.usefixtures("private_home")


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli.app, list(args))


def fake_model(monkeypatch: pytest.MonkeyPatch, model: Any) -> None:
    import fixloop.models as models

    monkeypatch.setattr(
        models, "make_model", lambda spec, **kw: ModelChoice(model, "fake", "for the test")
    )


def error_json(res: Any, code: int) -> dict[str, Any]:
    """The one JSON object of a failed ``--json`` run: the success keys, empty, plus exit_code."""
    from fixloop.types import RunResult, RunStatus

    out = res.stdout.strip()
    assert out and "\n" not in out, res.stdout
    obj = json.loads(out)
    keys = set(RunResult(status=RunStatus.ERROR, verified=False).to_dict())
    assert set(obj) == keys | {"exit_code"}
    assert obj["verified"] is False and obj["exit_code"] == code == res.exit_code
    assert obj["summary"] and "\n" not in obj["summary"]
    assert obj["summary"] in res.stderr  # the same one line on stderr
    return obj


def test_help_lists_the_commands() -> None:
    out = invoke("--help").stdout
    for name in ("fix", "runs", "show", "eval"):
        assert name in out


def test_sandbox_unavailable_exits_3_and_leaves_nothing(
    calc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fixloop.sandbox as sandbox

    def broken(*a: Any, **kw: Any) -> Any:
        raise SandboxUnavailable("bwrap: cannot create a user namespace")

    monkeypatch.setattr(sandbox, "make_sandbox", broken)
    before = snapshot(calc)
    res = invoke("fix", str(calc), "--model", "repair", "--json")
    assert res.exit_code == 3
    obj = error_json(res, 3)
    assert obj["status"] == "error" and "user namespace" in obj["summary"]
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "user namespace" in lines[0]
    assert fixloop_branches(calc) == [] and snapshot(calc) == before
    assert not any((Path(str(calc)).parent / "home" / "worktrees").glob("*"))


def test_provider_auth_error_exits_3_with_json(calc: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def model(system: str, messages: list, tools: list) -> dict:
        raise ProviderAuthError("HTTP 401: set ANTHROPIC_API_KEY to a valid key")

    fake_model(monkeypatch, model)
    res = invoke("fix", str(calc), "--json", *default_sandbox_args())
    assert res.exit_code == 3
    obj = json.loads(res.stdout)
    assert obj["status"] == "provider_unavailable" and "ANTHROPIC_API_KEY" in obj["summary"]
    assert obj["exit_code"] == 3  # a finished run's object carries its exit code too


def test_ctrl_c_exits_130(calc: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def model(system: str, messages: list, tools: list) -> dict:
        raise KeyboardInterrupt

    fake_model(monkeypatch, model)
    res = invoke("fix", str(calc), "--json", *default_sandbox_args())
    assert res.exit_code == 130
    obj = json.loads(res.stdout)
    assert "interrupted" in obj["stop_reason"] and obj["verified"] is False


def test_runs_and_show_errors() -> None:
    res = invoke("runs")
    assert res.exit_code == 0 and "no runs recorded yet" in res.stderr
    res = invoke("show", "20990101-nothing")
    assert res.exit_code == 2 and "Traceback" not in res.stderr


def test_json_error_not_a_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "plain"
    folder.mkdir()
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    res = invoke("fix", str(folder), "--model", "repair", "--json")
    obj = error_json(res, 2)
    assert obj["status"] == "error" and "not inside a git repository" in obj["summary"]
    assert obj["branch"] is None and obj["files_changed"] == [] and obj["steps"] == 0


def test_json_error_bad_config(make_repo: Any) -> None:
    repo = make_repo({"fixloop.toml": "bogus_key = 1\n", "test_a.py": "def test_a(): pass\n"})
    res = invoke("fix", str(repo), "--model", "repair", "--json")
    obj = error_json(res, 2)
    assert obj["status"] == "error" and "bogus_key" in obj["summary"]
    assert fixloop_branches(repo) == []


def test_json_error_usage_and_missing_folder(tmp_path: Path) -> None:
    res = invoke("fix", str(tmp_path), "--sandbox", "none", "--json")
    assert "--allow-unsandboxed" in error_json(res, 2)["summary"]
    res = invoke("fix", str(tmp_path / "nope"), "--model", "repair", "--json")
    assert "no such folder" in error_json(res, 2)["summary"]


def test_json_error_provider_unavailable_and_internal(
    calc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fixloop.models as models

    def unreachable(spec: str, **kw: Any) -> Any:
        raise ProviderUnavailable("api.example.invalid unreachable after 6 retries")

    monkeypatch.setattr(models, "make_model", unreachable)
    res = invoke("fix", str(calc), "--json")
    obj = error_json(res, 3)
    assert obj["status"] == "provider_unavailable" and "unreachable" in obj["summary"]

    def broken(spec: str, **kw: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.delenv("FIXLOOP_DEBUG", raising=False)
    monkeypatch.setattr(models, "make_model", broken)
    res = invoke("fix", str(calc), "--json")
    obj = error_json(res, 1)
    assert obj["status"] == "error" and "internal error: RuntimeError: boom" in obj["summary"]
    assert fixloop_branches(calc) == []


def _write_run(home: Path, run_id: str, repo: Path, end: dict[str, Any] | None) -> None:
    runs = home / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    lines = [
        {"type": "run_start", "t": 0.0, "run_id": run_id, "model": "repair", "repo": str(repo)}
        | {"branch": f"fixloop/{run_id}", "base_commit": "0" * 40},
        {"type": "baseline", "t": 1.0, "report": {"outcome": "failed"}},
    ]
    if end is not None:
        lines.append({"type": "run_end", "t": 2.0, "run_id": run_id} | end)
    (runs / f"{run_id}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))


def test_runs_shows_only_branches_that_exist_and_full_ids_when_piped(
    tmp_path: Path, make_repo: Any
) -> None:
    from conftest import git

    repo = make_repo({"a.py": "x = 1\n"})
    home = tmp_path / "home"
    kept, gone = "20991231-235959-aaaaaa", "20991231-235959-bbbbbb"
    git(repo, "branch", f"fixloop/{kept}")
    verified = {"status": "verified", "branch": f"fixloop/{kept}", "head_commit": "1" * 40}
    _write_run(home, kept, repo, verified)
    _write_run(home, "20991231-235959-cccccc", repo, {"status": "nothing_to_fix", "branch": None})
    # committed once, but the branch was merged and deleted since: git is asked
    _write_run(home, gone, repo, verified | {"branch": f"fixloop/{gone}"})
    _write_run(home, "20991231-235959-dddddd", repo, None)  # killed before run_end: no branch
    _write_run(home, "20991231-235959-eeeeee", tmp_path / "deleted", verified)

    res = invoke("runs")  # CliRunner's stdout is not a terminal: tab-separated, nothing cut
    assert res.exit_code == 0, res.stderr
    rows = [line.split("\t") for line in res.stdout.splitlines()]
    assert all(len(r) == 6 for r in rows), res.stdout
    branch = {r[0]: r[4] for r in rows}
    assert branch == {
        kept: f"fixloop/{kept}",
        "20991231-235959-cccccc": "-",
        gone: "-",
        "20991231-235959-dddddd": "-",
        "20991231-235959-eeeeee": "-",
    }
    items = json.loads(invoke("runs", "--json").stdout)
    assert {i["run_id"]: i["branch"] for i in items}[kept] == f"fixloop/{kept}"
    assert sum(i["branch"] is None for i in items) == 4


def test_display_shows_the_first_collection_errors_under_each_tally() -> None:
    import io

    from rich.console import Console

    from fixloop.display import LiveDisplay, render_report
    from fixloop.types import RunResult, RunStatus

    errs = [f"tests/test_{i}.py:{i}: ImportError: no module named m{i}" for i in range(5)]
    broken = {"outcome": "collection_error", "collection_errors": errs}
    buf = io.StringIO()
    console = Console(file=buf, width=200, highlight=False, color_system=None)
    display = LiveDisplay(console)
    display("baseline", {"report": broken})
    out = buf.getvalue()
    assert "baseline: 0 passed, 0 failed (collection_error)" in out
    assert errs[0] in out and errs[2] in out and errs[3] not in out and "(+2 more)" in out
    assert out.index("baseline") < out.index(errs[0])
    display("test_report", {"source": "tool", "report": {"outcome": "passed", "passed": 3}})
    assert display.collection_errors == []  # fixed since: the final report has none to show
    display("test_report", {"source": "gate", "report": broken})  # said with the verdict
    display("gate_verdict", {"verified": False, "reason": "collection error", "report": broken})
    out = buf.getvalue()
    assert out.count(errs[1]) == 2 and out.index("gate: rejected") < out.rindex(errs[1])
    render_report(
        RunResult(status=RunStatus.ERROR, verified=False, summary="NOT VERIFIED"),
        console,
        collection_errors=display.collection_errors,
    )
    report = buf.getvalue()[len(out) :]
    assert "Collection errors" in report and errs[0] in report and errs[3] not in report


def test_unsandboxed_warning_once_per_run(calc: Path) -> None:
    from fixloop.sandbox import make_sandbox

    script = ROOT / "tests" / "scripts" / "calc_fix.json"  # baseline, run_tests, gate: 3 runs
    args = ("--model", f"script:{script}", "--sandbox", "none", "--allow-unsandboxed")
    res = invoke("fix", str(calc), *args)
    assert res.exit_code == 0, res.stderr
    err = res.stderr.lower()
    assert err.count("unsandboxed") + err.count("without a sandbox") == 1, res.stderr
    # the mute belongs to the run's backend: a new backend warns on every command again
    assert make_sandbox("none", allow_unsandboxed=True).warn_each_run


@pytest.mark.parametrize(
    "spec, var", [("anthropic:", "ANTHROPIC_API_KEY"), ("openai:", "OPENAI_API_KEY")]
)
def test_missing_key_is_reported_before_git_sandbox_and_baseline(
    calc: Path, monkeypatch: pytest.MonkeyPatch, spec: str, var: str
) -> None:
    import sys
    import types

    import fixloop.sandbox
    import fixloop.session
    import fixloop.vcs

    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    for sdk in ("anthropic", "openai"):  # the key check needs no SDK: keep the test fast
        monkeypatch.setitem(sys.modules, sdk, types.ModuleType(sdk))

    def too_early(*a: Any, **kw: Any) -> Any:
        raise AssertionError("reached before the model was made")

    monkeypatch.setattr(fixloop.vcs, "isolate", too_early)
    monkeypatch.setattr(fixloop.sandbox, "make_sandbox", too_early)
    monkeypatch.setattr(fixloop.session, "run_baseline", too_early)
    res = invoke("fix", str(calc), "--model", spec, "--json")
    obj = error_json(res, 2)
    assert var in obj["summary"] and obj["status"] == "error"
    assert f"`--model {spec}` names no model, so the run would use" in obj["summary"]
