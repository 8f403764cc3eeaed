"""The runner's ``python -c`` program loads its modules' code compiled by the harness.

:func:`fixloop.testrun.audit.compiled_code` compiles the program's modules once per process;
:func:`fixloop.testrun.audit.inline_program` reads that file when its magic number is the
running interpreter's and ``-O`` is off, and compiles the sources otherwise. These tests tell
the two paths apart by giving the file code that differs from the sources.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zlib
from pathlib import Path

from fixloop.testrun.audit import RUNNER_CODE_FILE, compiled_code, inline_program, runner_sources

SOURCE = (("_fixloop_demo", "def main(arg):\n    return 3\n"),)
OTHER = (("_fixloop_demo", "def main(arg):\n    return 5\n"),)


def _run(tmp_path: Path, code: bytes | None, *opts: str) -> tuple[int, bool]:
    """Exit status of the program over SOURCE, and whether it deleted its code file."""
    path = tmp_path / "code.bin"
    if code is not None:
        path.write_bytes(code)
    prog = inline_program(SOURCE, "None", code_path=repr(str(path)))
    proc = subprocess.run([sys.executable, *opts, "-c", prog], capture_output=True, check=False)
    return proc.returncode, path.exists()


def test_the_compiled_code_runs_and_its_file_is_deleted(tmp_path: Path) -> None:
    assert _run(tmp_path, compiled_code(OTHER)) == (5, False)


def test_sources_compile_without_a_code_file(tmp_path: Path) -> None:
    assert _run(tmp_path, None) == (3, False)


def test_another_interpreters_code_is_not_used(tmp_path: Path) -> None:
    code = compiled_code(OTHER)
    wrong = bytes([code[0] ^ 0xFF]) + code[1:]  # another magic number: other bytecode
    assert _run(tmp_path, wrong) == (3, False)


def test_optimized_interpreter_compiles_the_sources(tmp_path: Path) -> None:
    assert _run(tmp_path, compiled_code(OTHER), "-O") == (3, False)


def test_a_damaged_code_file_falls_back_to_the_sources(tmp_path: Path) -> None:
    damaged = importlib.util.MAGIC_NUMBER + b"not zlib at all"
    assert _run(tmp_path, damaged) == (3, False)


def test_compiled_code_is_the_sources_without_this_modules_future_flags() -> None:
    import marshal

    code = compiled_code((("m", "def f(x: undefined_name) -> None:\n    pass\nf(1)\n"),))
    assert code[:4] == importlib.util.MAGIC_NUMBER
    ((name, obj),) = marshal.loads(zlib.decompress(code[4:]))
    assert name == "m" and obj.co_filename == "<fixloop m>"
    namespace: dict = {}
    try:  # annotations evaluated at definition, as a plain compile() of the source does
        exec(obj, namespace)
    except NameError as e:
        assert "undefined_name" in str(e)
    else:
        raise AssertionError("the annotation was not evaluated: a __future__ flag leaked in")


def test_the_runner_writes_its_code_file_and_the_run_removes_it(tmp_path: Path) -> None:
    from fixloop.sandbox import make_sandbox
    from fixloop.testrun import TestRunner
    from fixloop.types import Limits, Outcome

    root = tmp_path / "repo"
    root.mkdir()
    (root / "test_one.py").write_text("def test_one():\n    assert 1 + 1 == 2\n")
    runner = TestRunner(
        root,
        make_sandbox("auto"),
        python=sys.executable,
        log_dir=tmp_path / "logs",
        limits=Limits(wall_s=60),
    )
    rep = runner.run()
    assert rep.outcome == Outcome.PASSED and rep.passed == 1
    assert list((tmp_path / "logs").glob(f"run-*/io/{RUNNER_CODE_FILE}")) == []
    io_dir = tmp_path / "io"
    io_dir.mkdir()
    argv, _ = runner._argv([], pristine=False, io_dir=io_dir, root=root)
    assert argv[-1] == f"@{io_dir}/config.json"
    assert (io_dir / RUNNER_CODE_FILE).read_bytes() == compiled_code(runner_sources())
