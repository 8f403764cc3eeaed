"""Variants: parsing, the nearest valid key, the Wilson interval, and an eval of two variants."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest
from eval_suite_files import SUITE_FILES, write
from typer.testing import CliRunner

from fixloop.errors import SandboxUnavailable, UsageError
from fixloop.eval.runner import RUNS_FILE, EvalConfig, read_runs, run_eval
from fixloop.eval.variants import (
    Variant,
    parse_variant,
    resolve_variants,
    task_matrix,
    valid_keys,
    variant_summary,
    wilson_interval,
)

# the eval's own state (its durations file, fixloop.eval.order) goes to a private FIXLOOP_HOME
pytestmark = pytest.mark.usefixtures("private_home")


def test_parse_variant_reads_names_models_and_typed_values() -> None:
    assert parse_variant("base:", "repair") == Variant("base", "repair", {})
    v = parse_variant("sonnet:model=anthropic:claude-sonnet-5-5,max_steps=20", "repair")
    assert v.name == "sonnet" and v.model == "anthropic:claude-sonnet-5-5"
    assert v.settings == {"max_steps": 20}
    v = parse_variant("slow: test_timeout_s = 1.5 , gate_repeats=2", "m")
    assert v.settings == {"test_timeout_s": 1.5, "gate_repeats": 2}
    assert "model" in valid_keys() and "max_steps" in valid_keys()
    assert "test_cmd" not in valid_keys() and "sandbox" not in valid_keys()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nomap:max_step=3", "--variant nomap: unknown key 'max_step' (did you mean 'max_steps'?)"),
        ("x:gate_repeat=2", "(did you mean 'gate_repeats'?)"),
        ("x:sandbox=none", "unknown key 'sandbox'"),
        ("nocolon", "write NAME:KEY=VALUE"),
        (":max_steps=3", "the variant has no name"),
        ("x:max_steps", "'max_steps' is not KEY=VALUE"),
        ("x:max_steps=1,max_steps=2", "given twice"),
        ("a/b:", "may not hold '/'"),
    ],
)
def test_bad_variants_are_one_clear_error(spec: str, message: str) -> None:
    with pytest.raises(UsageError) as exc:
        parse_variant(spec, "repair")
    assert message in str(exc.value)


def test_variants_file_and_duplicates(tmp_path: Path) -> None:
    f = tmp_path / "v.toml"
    f.write_text('[variants.base]\n[variants.short]\nmax_steps = 4\nmodel = "script:x.json"\n')
    vs = resolve_variants(["more:max_steps=9"], f, "repair")
    assert [(v.name, v.model, dict(v.settings)) for v in vs] == [
        ("base", "repair", {}),
        ("short", "script:x.json", {"max_steps": 4}),
        ("more", "repair", {"max_steps": 9}),
    ]
    assert resolve_variants([], None, "m") == [Variant("", "m")]
    with pytest.raises(UsageError, match="'base' is given twice"):
        resolve_variants(["base:"], f, "repair")
    f.write_text("[variants.x]\nmax_stepz = 1\n")
    with pytest.raises(UsageError, match=r"\[variants.x\]: unknown key 'max_stepz'.*'max_steps'"):
        resolve_variants([], f, "repair")
    f.write_text("name = 1\n")
    with pytest.raises(UsageError, match=r"no \[variants\] table"):
        resolve_variants([], f, "repair")


def test_wilson_interval_matches_published_values() -> None:
    # Brown, Cai & DasGupta (2001), and the closed form: 5 of 10 -> [0.2366, 0.7634]
    lo, hi = wilson_interval(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson_interval(10, 10)
    assert round(lo, 4) == 0.7225 and hi == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_variant_summary_and_task_matrix() -> None:
    a, b = Variant("a", "m"), Variant("b", "m", {"max_steps": 3})
    recs = [
        {
            "task": "t1",
            "epoch": 0,
            "model": "m",
            "variant": "a",
            "resolved": True,
            "cost_usd": 0.1,
            "steps": 4,
            "false_success_claims": 1,
        },
        {
            "task": "t1",
            "epoch": 1,
            "model": "m",
            "variant": "a",
            "resolved": False,
            "cost_usd": 0.1,
            "steps": 2,
            "overfit": True,
        },
        {
            "task": "t2",
            "epoch": 0,
            "model": "m",
            "variant": "b",
            "resolved": False,
            "cost_usd": None,
        },
    ]
    s = variant_summary(recs, [a, b], epochs=2)
    assert s["a"]["runs"] == 2 and s["a"]["resolved_runs"] == 1
    assert s["a"]["resolve_ci95"] == list(wilson_interval(1, 2))
    assert s["a"]["pass_at_k"] == {"1": 0.5, "2": 1.0}
    assert s["a"]["overfit_runs"] == 1 and s["a"]["false_success_claims"] == 1
    assert s["a"]["cost_per_resolved"] == pytest.approx(0.2) and s["a"]["mean_steps"] == 3.0
    assert s["b"]["cost_per_resolved"] is None and s["b"]["settings"] == {"max_steps": 3}
    m = task_matrix(recs, [a, b], ["t1", "t2"])
    assert m == {"t1": {"a": [1, 2], "b": [0, 0]}, "t2": {"a": [0, 0], "b": [0, 1]}}


FAKE = r"""
import json, os, subprocess, sys
from pathlib import Path
args = sys.argv[1:]
repo = Path(args[1])
model = args[args.index("--model") + 1]
with open(os.environ["FAKE_CALLS"], "a") as fh:
    fh.write(json.dumps({"model": model,
                         "config": Path(os.environ["FIXLOOP_CONFIG"]).read_text()}) + "\n")
def git(*a):
    return subprocess.run(["git", *a], cwd=repo, check=True, capture_output=True,
                          text=True).stdout.strip()
git("checkout", "-q", "-b", "fixloop/fake")
if model == "good":  # only the "good" model fixes double
    p = repo / "calc.py"
    if p.exists():
        p.write_text(p.read_text().replace("x * 3", "x * 2"))
git("add", "-A")
git("commit", "-q", "--allow-empty", "-m", "fake")
print(json.dumps({"status": "verified", "verified": True, "head_commit": git("rev-parse", "HEAD"),
                  "steps": 2, "usage": {"cost_usd": 0.01}, "counters": {}}))
"""


def test_eval_with_two_variants_side_by_side(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    suite = write(tmp_path / "suite", SUITE_FILES)
    script = tmp_path / "fake.py"
    script.write_text(FAKE)
    calls = tmp_path / "calls.jsonl"
    monkeypatch.setenv("FAKE_CALLS", str(calls))
    monkeypatch.setenv("FIXLOOP_CONFIG", str(tmp_path / "none.toml"))
    out = tmp_path / "out"
    cfg = EvalConfig(
        suite=suite,
        out=out,
        model="bad",
        jobs=2,
        quiet=True,
        timeout_s=60.0,
        agent_cmd=[sys.executable, str(script)],
        variants=("base:", "fixer:model=good,max_steps=4"),
    )
    try:
        summary = run_eval(cfg)
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox here: {exc}")
    recs = read_runs(out / RUNS_FILE)
    assert sorted((r["task"], r["variant"], r["model"]) for r in recs) == [
        ("double", "base", "bad"),
        ("double", "fixer", "good"),
        ("half", "base", "bad"),
        ("half", "fixer", "good"),
    ]
    configs = {
        json.loads(x)["model"]: tomllib.loads(json.loads(x)["config"])
        for x in calls.read_text().splitlines()
    }
    assert configs["good"]["budgets"] == {"max_steps": 4}
    assert configs["bad"]["budgets"] == {"max_steps": 9}  # the suite's [defaults]
    v = summary["variants"]
    assert list(v) == ["base", "fixer"]
    assert v["base"]["resolved_runs"] == 0 and v["fixer"]["resolved_runs"] == 1
    assert summary["task_variants"]["double"] == {"base": [0, 1], "fixer": [1, 1]}
    assert summary["expected_runs"] == 4 and summary["missing_runs"] == 0
    md = (out / "report.md").read_text()
    assert "## Variants" in md and "| fixer | model=good, max_steps=4 | 1/2 50.0% [" in md
    html = (out / "report.html").read_text()
    assert 'id="variants"' in html and 'id="task-variants"' in html
    # resume: the same variants again run nothing; a third variant runs only its own
    n = len(calls.read_text().splitlines())
    cfg.variants = ("base:", "fixer:model=good,max_steps=4", "third:max_steps=2")
    summary = run_eval(cfg)
    assert len(calls.read_text().splitlines()) == n + 2
    assert list(summary["variants"]) == ["base", "fixer", "third"]


def test_cli_unknown_variant_key_names_the_nearest(tmp_path: Path) -> None:
    from fixloop.cli import app

    suite = write(tmp_path / "suite", SUITE_FILES)
    res = CliRunner().invoke(
        app, ["eval", str(suite), "--variant", "a:max_step=3", "--out", str(tmp_path / "o")]
    )
    assert res.exit_code == 2
    assert "unknown key 'max_step' (did you mean 'max_steps'?)" in res.output
    assert "Traceback" not in res.output and not (tmp_path / "o").exists()


def test_progress_label_names_each_variant_once() -> None:
    from types import SimpleNamespace

    from fixloop.eval.handoff import _label

    suite = SimpleNamespace(name="mini")
    # the pending runs: 2 tasks x 2 variants, each spec carrying its variant
    runs = [Variant("base", "m"), Variant("short", "m", {"max_steps": 5})] * 2
    assert _label(suite, runs) == "mini x base, short"  # type: ignore[arg-type]
    assert _label(suite, [Variant("", "m")] * 3) == "mini x m"  # type: ignore[arg-type]
