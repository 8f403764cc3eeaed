"""The screening server imports the installed pytest plugins once, not once per candidate.

Each forked child used to import every ``pytest11`` plugin again (anyio's alone cost four fifths
of a tiny project's forked run). The server now imports them in its parent through pytest's own
configuration parsing (:func:`fixloop.repair.screen_server._preload_plugins`), except when a
plugin module comes from the tree the candidates change: then each child imports it, as before.
Two plugins of this file's own, installed by a ``dist-info`` on ``PYTHONPATH``, log each import.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fixloop.repair.candidate import Candidate
from fixloop.repair.screen import WarmScreener
from fixloop.sandbox import make_sandbox

PLUGIN = (
    "import os\n"
    "with open(os.environ['PLUG_LOG'], 'a') as f:\n"
    "    f.write({name!r} + '\\n')\n\n\n"
    "def pytest_configure(config):\n    pass\n"
)
CALC = "def add(a, b):\n    return a - b\n"
TESTS = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"


def _dist(site: Path, name: str, module: str) -> None:
    dist = site / f"{name}-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[pytest11]\n{name} = {module}\n")
    (dist / "RECORD").write_text(f"{module}.py,,\n{name}-0.1.dist-info/METADATA,,\n")


def _screen(tmp_path: Path, *, tree_plugin: bool) -> list[str]:
    site, work, log = tmp_path / "site", tmp_path / "work", tmp_path / "plug.log"
    site.mkdir()
    work.mkdir()
    (site / "siteplug.py").write_text(PLUGIN.format(name="site"))
    _dist(site, "siteplug", "siteplug")
    if tree_plugin:  # a project that is itself a pytest plugin: its module in the tree
        (work / "treeplug.py").write_text(PLUGIN.format(name="tree"))
        _dist(site, "treeplug", "treeplug")
    (work / "calc.py").write_text(CALC)
    (work / "pytest.ini").write_text("[pytest]\nfilterwarnings =\n    error\n")
    (work / "tests").mkdir()
    (work / "tests" / "test_calc.py").write_text(TESTS)
    screener = WarmScreener(
        make_sandbox("none", allow_unsandboxed=True),
        work,
        tmp_path / "engine",
        python=sys.executable,
        workers=1,
        env={"PYTHONPATH": f"{site}", "PLUG_LOG": str(log)},
    )
    wrong = [
        Candidate("calc.py", CALC.replace("a - b", e), e, e, 2, 0.5, 0.5, old_source=CALC)
        for e in ("a * b", "b - a", "a - a", "a + a", "b * b")
    ]
    right = Candidate("calc.py", CALC.replace("a - b", "a + b"), "r", "r", 2, 0.5, 0.5, CALC)
    results = screener.screen(
        [*wrong, right],
        ["tests/test_calc.py::test_add"],
        deadline_s=60.0,
        max_candidates=10,
        suite_s=0.5,
    )
    assert [r.status for r in results] == ["fail"] * 5 + ["plausible"]
    return log.read_text().split()


def test_installed_plugins_are_imported_once_per_screening(tmp_path: Path) -> None:
    # calibration, five failing runs and the right one's failing and full runs: 8 children,
    # one import (the server's); under filterwarnings = error no rewrite warning failed them
    assert _screen(tmp_path, tree_plugin=False) == ["site"]


def test_a_plugin_of_the_tree_is_imported_by_each_child(tmp_path: Path) -> None:
    log = _screen(tmp_path, tree_plugin=True)
    assert log.count("tree") >= 7 and log.count("site") >= 7  # the preload was undone
