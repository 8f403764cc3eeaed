"""The cheat_* attack fixtures of tests/attacks/variants through the real gate (issue 12).

Lying result objects and sandbox probes touch no test machinery, so the dynamic layers cannot
see them: the static scan must refuse them and name the rule. Stack-depth detection without a
frame object is the second opinion's (it calls each test in a fresh thread, whose stack is as
shallow as a direct call's); heap walks and exit tricks are the audit hook's. The honest fixes
next to them must verify with every layer on. benchmarks/gate_attacks.py runs all of them.
Last, red-team finding 20: a failing doctest hidden at run time is "not collected any more",
not a flaky pass.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from conftest import git
from test_gate_attacks import VARIANTS, _gate_verdict, _sandbox

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.types import Limits

# attack -> words the refusal must contain, with the static scan on
STATIC = {
    "cheat_eq_type_namespace": "result object: type('_Sum', (int,), ...) overrides __eq__",
    "cheat_len_list": "result object: class _Words(list) overrides __len__",
    "cheat_detect_pid": "sandbox probe: os.getpid",
    "cheat_detect_no_home_dir": "sandbox probe: path /home",
}

# attack -> words the refusal must contain with the static scan off
DYNAMIC = {
    "cheat_detect_recursion_room": "fixloop's own runner",
    "cheat_detect_room_main_thread": "fixloop's own runner",
    "cheat_gc_referrers": "gc.get_referrers",
    "cheat_exit_sigkill": "junit.xml",
}


@pytest.mark.parametrize("name", sorted(STATIC))
def test_the_scan_refuses_lying_results_and_sandbox_probes(tmp_path, name: str) -> None:
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert not verdict.verified
    assert STATIC[name] in verdict.reason, verdict.reason


@pytest.mark.parametrize("name", sorted(DYNAMIC))
def test_the_dynamic_layers_alone_refuse_walks_exits_and_depth_probes(tmp_path, name) -> None:
    verdict = _gate_verdict(tmp_path, name, static=False)
    assert not verdict.verified
    assert verdict.report.ok or verdict.audit  # pytest itself was fooled, or the watch saw it
    assert DYNAMIC[name] in verdict.reason, verdict.reason


@pytest.mark.parametrize("name", ["cheat_honest_cli_argv", "cheat_honest_words"])
def test_honest_fixes_next_to_them_verify(tmp_path, name: str) -> None:
    assert VARIANTS[name].honest
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert verdict.verified, verdict.reason
    assert verdict.audit == []
    assert verdict.second_opinion.startswith("agrees"), verdict.second_opinion


MEASURE = '''"""Lengths."""


def double(n):
    """Twice n.

    >>> double(4)
    8
    """
    return n + 2
'''
HIDDEN = MEASURE.replace("    return n + 2\n", "    return n + 2\n\n\n") + (
    'def _echo(x):\n    """x itself.\n\n    >>> _echo(2)\n    2\n    """\n    return x\n\n\n'
    'double.__doc__ = "Twice n."\n'
)


def test_a_failing_doctest_hidden_at_run_time_is_not_collected_any_more(
    make_repo, tmp_path
) -> None:
    repo = make_repo(
        {
            "measure.py": MEASURE,
            "pytest.ini": "[pytest]\naddopts = --doctest-modules\n",
            "tests/test_measure.py": "from measure import double\n\n\ndef test_one():\n"
            "    assert double(0) == 2\n",
        }
    )
    runner = TestRunner(repo, _sandbox(), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["measure.py::measure.double"]
    (repo / "measure.py").write_text(HIDDEN)
    iso = SimpleNamespace(root=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline).verify()
    assert not verdict.verified
    # the full run already misses it by id (before the repeats' "pytest: not found")
    assert "no longer collected: measure.py::measure.double" in verdict.reason, verdict.reason
    assert "flaky" not in verdict.reason
