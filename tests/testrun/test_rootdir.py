"""Node ids under a --rootdir below the run folder (fixloop.testrun.rootdir), and the gate."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import git, init_repo

from fixloop.gate import Gate
from fixloop.sandbox import make_sandbox, warn_unsandboxed
from fixloop.testrun import TestRunner
from fixloop.testrun.rootdir import in_run_folder, rootdir_arg, rootdir_option
from fixloop.types import Limits


def test_the_rootdir_option_is_read_in_both_spellings() -> None:
    assert rootdir_arg(["-q", "--rootdir=tests"]) == "tests"
    assert rootdir_arg(["--rootdir", "a", "--rootdir=b"]) == "b"
    assert rootdir_arg(["-q"]) is None and rootdir_option(["-x"]) == []
    assert rootdir_option(["--rootdir", "tests"]) == ["--rootdir=tests"]


def test_an_id_under_the_rootdir_is_named_from_the_run_folder(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_m.py").write_text("")
    assert in_run_folder("test_m.py::test_f[1]", tmp_path, "tests") == "tests/test_m.py::test_f[1]"
    assert in_run_folder("test_m.py", tmp_path, "./tests/") == "tests/test_m.py"
    # unchanged: no rootdir, the run folder itself, outside it, absolute, no such file
    for rootdir in (None, "", ".", "..", "../x", str(tmp_path / "tests")):
        assert in_run_folder("test_m.py::test_f", tmp_path, rootdir) == "test_m.py::test_f"
    assert in_run_folder("tests/test_m.py::t", tmp_path, "tests") == "tests/test_m.py::t"
    assert in_run_folder("nope.py::t", tmp_path, "tests") == "nope.py::t"


@pytest.mark.parametrize(
    "cmd", ["python -m pytest --rootdir=tests", "python -m pytest --rootdir tests"]
)
def test_an_honest_fix_verifies_under_a_rootdir_below_the_tree(tmp_path: Path, cmd: str) -> None:
    """The repeats and the second opinion used to say "not found" and refuse it."""
    repo = tmp_path / "proj"
    (repo / "tests").mkdir(parents=True)
    (repo / "m.py").write_text("def f():\n    return 1\n")
    (repo / "tests" / "test_m.py").write_text(
        "from m import f\n\n\ndef test_f():\n    assert f() == 2\n\n\ndef test_ok():\n    pass\n"
    )
    (repo / "pytest.ini").write_text("[pytest]\npythonpath = .\n")
    init_repo(repo)
    try:
        box = make_sandbox("auto")
    except Exception:  # noqa: BLE001 - bwrap may be missing on a developer's machine
        box = make_sandbox("none", allow_unsandboxed=True)
    warn_unsandboxed(box, lambda text: None)
    runner = TestRunner(
        repo, box, test_cmd=cmd, log_dir=tmp_path / "logs", limits=Limits(wall_s=60)
    )
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["test_m.py::test_f"]
    (repo / "m.py").write_text("def f():\n    return 2\n")
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline).verify()
    assert verdict.verified, verdict.reason
    assert verdict.second_opinion.startswith("agrees"), verdict.second_opinion
