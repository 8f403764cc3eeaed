"""The eval's run order: longest expected first, from a durations file keyed by task content."""

from __future__ import annotations

import json
from pathlib import Path

from eval_suite_files import SUITE_FILES, write

from fixloop.eval.order import Durations, task_digest
from fixloop.eval.runner import RunSpec
from fixloop.eval.suite import load_suite
from fixloop.eval.variants import Variant

MORE = {
    "third/task.toml": 'id = "third"\n',
    "third/repo/third.py": "def third(x):\n    return x / 4\n",
    "third/repo/tests/test_third.py": "from third import third\n\n"
    "def test_nine():\n    assert third(9) == 3\n",
}


def _specs(suite_dir: Path, model: str = "m") -> list[RunSpec]:
    suite = load_suite(suite_dir)
    v = Variant("", model)
    return [
        RunSpec(t, e, v, suite_dir / "out" / t.id / str(e)) for t in suite.tasks for e in (0, 1)
    ]


def _order(specs: list[RunSpec]) -> list[tuple[str, int]]:
    return [(s.task.id, s.epoch) for s in specs]


def test_longest_first_from_earlier_runs_unknown_at_the_median(tmp_path: Path) -> None:
    suite = write(tmp_path / "suite", {**SUITE_FILES, **MORE})
    specs = _specs(suite)
    assert [s.task.id for s in specs[::2]] == ["double", "half", "third"]
    path = tmp_path / "home" / "eval-durations.json"
    first = Durations(path, budgets={"max_steps": 9})
    assert first.longest_first(specs) == specs  # nothing known: the suite's order
    by_id = {s.task.id: s for s in specs}
    first.record(by_id["double"], {"wall_s": 2.0, "score_s": 0.5})
    first.record(by_id["half"], {"wall_s": 9.0, "score_s": 1.0})
    first.record(by_id["third"], {"wall_s": None, "error": "harness_error"})  # not noted

    again = Durations(path, budgets={"max_steps": 9})  # a later eval reads the file
    assert again.expected(by_id["half"]) == 10.0 and again.expected(by_id["third"]) is None
    # third is unknown: the median of 2.5 and 10.0 puts it between them; epochs keep their order
    assert _order(again.longest_first(specs)) == [
        ("half", 0),
        ("half", 1),
        ("third", 0),
        ("third", 1),
        ("double", 0),
        ("double", 1),
    ]
    # another model, other settings, or an edited task: not the same run, nothing known
    assert Durations(path, budgets={"max_steps": 3}).expected(by_id["half"]) is None
    assert Durations(path, budgets={"max_steps": 9}).expected(_specs(suite, "other")[2]) is None
    before = task_digest(by_id["half"].task)
    (suite / "half" / "repo" / "half.py").write_text("def half(x):\n    return x / 2.5\n")
    assert task_digest(by_id["half"].task) != before
    assert Durations(path, budgets={"max_steps": 9}).expected(by_id["half"]) is None


def test_a_copy_of_a_task_under_another_folder_is_known_by_its_content(tmp_path: Path) -> None:
    one = write(tmp_path / "a", SUITE_FILES)
    two = write(tmp_path / "b", SUITE_FILES)
    path = tmp_path / "d.json"
    Durations(path).record(_specs(one)[0], {"wall_s": 4.0, "score_s": 0.0})
    assert Durations(path).expected(_specs(two)[0]) == 4.0


def test_a_broken_durations_file_is_ignored_and_rewritten(tmp_path: Path) -> None:
    suite = write(tmp_path / "suite", SUITE_FILES)
    spec = _specs(suite)[0]
    path = tmp_path / "eval-durations.json"
    for text in ("{not json", "[1, 2]", '{"k": "v", "j": [1]}', "\udcff"):
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        d = Durations(path)
        assert d.known == {} and d.longest_first([spec]) == [spec]
        d.record(spec, {"wall_s": 3.0, "score_s": 0.25})
        assert list(json.loads(path.read_text()).values())[0][0] == 3.25
    # a file that cannot be written: the eval goes on, the time is kept for this eval
    blocked = tmp_path / "file" / "eval-durations.json"
    (tmp_path / "file").write_text("not a folder")
    d = Durations(blocked)
    d.record(spec, {"wall_s": 1.0})
    assert d.expected(spec) == 1.0 and not blocked.exists()


def test_entries_merge_with_another_eval_and_the_oldest_go(tmp_path: Path, monkeypatch) -> None:
    suite = write(tmp_path / "suite", {**SUITE_FILES, **MORE})
    double, half, third = _specs(suite)[::2]
    path = tmp_path / "eval-durations.json"
    a, b = Durations(path), Durations(path)  # two evals that started together
    a.record(double, {"wall_s": 1.0})
    b.record(half, {"wall_s": 2.0})
    both = Durations(path)
    assert (both.expected(double), both.expected(half)) == (1.0, 2.0)
    monkeypatch.setattr("fixloop.eval.order.MAX_ENTRIES", 2)
    both.record(third, {"wall_s": 3.0})
    kept = Durations(path)
    assert (kept.expected(double), kept.expected(half), kept.expected(third)) == (None, 2.0, 3.0)


def test_the_eval_hands_its_runs_over_longest_first_and_notes_their_times(
    tmp_path: Path, monkeypatch
) -> None:
    """run_eval -> run_due orders by the durations file under FIXLOOP_HOME; execute notes times."""
    from fixloop.eval import handoff
    from fixloop.eval.runner import EvalConfig, run_eval

    home = tmp_path / "home"
    monkeypatch.setenv("FIXLOOP_HOME", str(home))
    monkeypatch.setenv("FIXLOOP_CONFIG", str(tmp_path / "no-user-config.toml"))
    suite = write(tmp_path / "suite", SUITE_FILES)
    budgets = load_suite(suite).budgets
    double, half = _specs(suite, "repair")[::2]
    earlier = Durations(home / "eval-durations.json", budgets)
    earlier.record(half, {"wall_s": 30.0})
    earlier.record(double, {"wall_s": 2.0})
    handed: list[list[tuple[str, int]]] = []

    def fake_execute(cfg, suite_, specs, params, log, err, joining=None, durations=None):
        handed.append(_order(list(specs)))
        for s in specs:  # as the executor would: each finished run's record
            rec = {"task": s.task.id, "epoch": s.epoch, "variant": "", "wall_s": 1.5}
            durations.record(s, rec)

    monkeypatch.setattr(handoff, "execute", fake_execute)
    run_eval(EvalConfig(suite=suite, model="repair", out=tmp_path / "out", quiet=True))
    assert handed == [[("half", 0), ("double", 0)]]  # the suite's order is double, half
    assert Durations(home / "eval-durations.json", budgets).expected(half) == 1.5
