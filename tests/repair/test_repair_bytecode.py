"""The unchanged code's bytecode is written once and read by every screening child, never a patch's.

Every forked child used to rewrite the test modules' assertions again (arrow 1.3.0's
tests/test_arrow.py: two thirds of a candidate's CPU seconds), because the children write no
bytecode. The calibration's children now write it (the failing tests' run, then the whole suite
collected: tests rewritten by pytest, project modules by Python; the first traced run collects
the suite once before tracing, :func:`fixloop.repair.screen_bytecode.warm_bytecode`),
:func:`fixloop.repair.screen_bytecode.share_bytecode` copies it into the worker trees, and the
candidates' children only read it. A candidate of the same size as the code it replaces must
still run its own code: the cached bytecode records the unchanged file's size and whole-second
mtime, so a candidate written within that second would read it (CI of 2 December: the right
candidate screened ``fail``); every candidate write drops the module's bytecode.
"""

from __future__ import annotations

import os
import py_compile
import subprocess
import sys
from pathlib import Path

from fixloop.repair.candidate import Candidate
from fixloop.repair.screen import WarmScreener
from fixloop.repair.screen_bytecode import drop_bytecode, share_bytecode, write_source
from fixloop.sandbox import make_sandbox

CALC = "def add(a, b):\n    return a - b\n"
TESTS = (
    "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\n"
    "def test_zero():\n    assert add(0, 0) == 0\n"
)


def test_same_size_candidates_run_their_own_code_on_two_workers(tmp_path: Path) -> None:
    work = tmp_path / "work"
    (work / "tests").mkdir(parents=True)
    (work / "calc.py").write_text(CALC)
    (work / "tests" / "test_calc.py").write_text(TESTS)
    # a module only the full runs import: collected once, without running it, in the calibration
    (work / "tests" / "test_more.py").write_text(
        "from calc import add\n\n\ndef test_more():\n    assert add(1, 1) == 2\n"
    )
    screener = WarmScreener(
        make_sandbox("none", allow_unsandboxed=True),
        work,
        tmp_path / "engine",
        python=sys.executable,
        workers=2,
    )
    # every candidate has the size of 'a - b': a stale cached bytecode would make them all fail
    exprs = ["a * b", "b - a", "a % b", "a + b", "b + a", "a | b"]
    cands = [
        Candidate("calc.py", CALC.replace("a - b", e), e, e, 2, 0.5, 0.5, old_source=CALC)
        for e in exprs
    ]
    results = screener.screen(
        cands, ["tests/test_calc.py::test_add"], deadline_s=60.0, max_candidates=10, suite_s=0.5
    )
    status = {exprs[r.index]: r.status for r in results}
    # 2 | 3 == 3: fails; 2 + 3 and 3 + 2 pass the failing test and the suite
    assert status == {
        "a * b": "fail",
        "b - a": "fail",
        "a % b": "fail",
        "a + b": "plausible",
        "b + a": "plausible",
        "a | b": "fail",
    }
    for tree in (work, tmp_path / "work-w1"):
        cached = sorted(p.name for p in (tree / "tests" / "__pycache__").iterdir())
        # the rewritten test modules, both: the failing tests' and the full suite's
        assert {n.split(".")[0] for n in cached if "-pytest-" in n} == {"test_calc", "test_more"}
        # the patched module's own bytecode is dropped at every candidate write and restore
        assert not any(p.name.startswith("calc.") for p in (tree / "__pycache__").iterdir())
    assert (work / "calc.py").read_text() == CALC


def test_share_bytecode_copies_what_a_tree_lacks(tmp_path: Path) -> None:
    src, dest, other = tmp_path / "src", tmp_path / "dest", tmp_path / "other"
    for tree in (src, dest):
        (tree / "pkg" / "__pycache__").mkdir(parents=True)
        (tree / "pkg" / "mod.py").write_text("x = 1\n")
    (src / "pkg" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"new")
    (src / "pkg" / "__pycache__" / "old.cpython-311.pyc").write_bytes(b"src's")
    (dest / "pkg" / "__pycache__" / "old.cpython-311.pyc").write_bytes(b"dest's")
    (src / "pkg" / "__pycache__" / "notes.txt").write_text("not bytecode")
    (src / "gone" / "__pycache__").mkdir(parents=True)  # a folder the other tree lacks
    (src / "gone" / "__pycache__" / "g.cpython-311.pyc").write_bytes(b"g")
    (src / ".git" / "__pycache__").mkdir(parents=True)
    (src / ".git" / "__pycache__" / "h.cpython-311.pyc").write_bytes(b"h")
    other.mkdir()
    (other / ".git").mkdir()
    assert share_bytecode(str(src), [str(dest), str(other)]) == 1
    cache = dest / "pkg" / "__pycache__"
    assert (cache / "mod.cpython-311.pyc").read_bytes() == b"new"
    assert (cache / "old.cpython-311.pyc").read_bytes() == b"dest's"  # kept, not overwritten
    assert not (cache / "notes.txt").exists()
    assert not (dest / "gone").exists() and not (other / "gone").exists()
    assert not (other / ".git" / "__pycache__").exists()
    assert sorted(os.listdir(other)) == [".git"]


def test_only_the_first_traced_run_writes_bytecode(tmp_path: Path) -> None:
    work = tmp_path / "work"
    (work / "tests").mkdir(parents=True)
    (work / "calc.py").write_text(CALC)
    (work / "tests" / "test_calc.py").write_text(TESTS)
    sandbox = make_sandbox("none", allow_unsandboxed=True)
    screener = WarmScreener(sandbox, work, tmp_path / "engine", python=sys.executable)
    spectrum = screener.localize(wall_s=60)
    outcomes = {t: d["outcome"] for t, d in spectrum["tests"].items()}
    assert outcomes == {
        "tests/test_calc.py::test_add": "failed",
        "tests/test_calc.py::test_zero": "passed",
    }
    # the traced run still sees the module's lines, read from the cached bytecode
    lines = {tuple(x) for x in spectrum["tests"]["tests/test_calc.py::test_add"]["lines"]}
    assert ("calc.py", 2) in lines
    assert any("-pytest-" in p.name for p in (work / "tests" / "__pycache__").iterdir())
    assert any(p.name.startswith("calc.") for p in (work / "__pycache__").iterdir())
    # a later traced run (the judge's, a patch in the tree) writes none
    for cache in (work / "__pycache__", work / "tests" / "__pycache__"):
        for p in cache.iterdir():
            p.unlink()
    (work / "calc.py").write_text(CALC.replace("a - b", "a + b"))
    again = screener.localize(wall_s=60)
    assert {d["outcome"] for d in again["tests"].values()} == {"passed"}
    assert not list((work / "__pycache__").iterdir())
    assert not list((work / "tests" / "__pycache__").iterdir())


def _imported_value(root: Path) -> str:
    """``calc.VALUE`` as a fresh interpreter imports it from ``root`` (reading bytecode)."""
    out = subprocess.run(
        [sys.executable, "-c", "import calc; print(calc.VALUE)"],
        cwd=root,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(root)},
        check=True,
    )
    return out.stdout.strip()


def _same_second_same_size(root: Path, write: object) -> str:
    """Cache ``VALUE = 1``'s bytecode, write ``VALUE = 2`` with the old mtime, import it."""
    src = root / "calc.py"
    src.write_text("VALUE = 1\n")
    py_compile.compile(
        str(src), cfile=str(root / "__pycache__" / f"calc.{sys.implementation.cache_tag}.pyc")
    )
    before = os.stat(src)
    write(str(src), b"VALUE = 2\n")  # type: ignore[operator]
    os.utime(src, ns=(before.st_atime_ns, before.st_mtime_ns))  # the write fell in that second
    return _imported_value(root)


def test_a_same_size_write_in_the_same_second_runs_the_new_code(tmp_path: Path) -> None:
    def plain(path: str, data: bytes) -> None:
        Path(path).write_bytes(data)

    # the control: a plain write in the same second is shadowed by the cached bytecode
    (tmp_path / "plain").mkdir()
    assert _same_second_same_size(tmp_path / "plain", plain) == "1"
    (tmp_path / "dropped").mkdir()
    assert _same_second_same_size(tmp_path / "dropped", write_source) == "2"


def test_drop_bytecode_removes_only_that_modules_files(tmp_path: Path) -> None:
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    names = [
        "calc.cpython-311.pyc",
        "calc.cpython-312.opt-1.pyc",
        "calculus.cpython-311.pyc",
        "calc_test.cpython-311.pyc",
        "calc.txt",
    ]
    for n in names:
        (cache / n).write_bytes(b"x")
    assert drop_bytecode(str(tmp_path / "calc.py")) == 2
    assert sorted(os.listdir(cache)) == sorted(names[2:])
    assert drop_bytecode(str(tmp_path / "nowhere" / "calc.py")) == 0
    write_source(str(tmp_path / "calc.py"), b"x = 1\n")
    write_source(str(tmp_path / "calc.py"), None)
    assert not (tmp_path / "calc.py").exists()
    write_source(str(tmp_path / "calc.py"), None)  # removing a missing file is no error
