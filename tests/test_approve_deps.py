"""``--approve deps`` and ``pyproject.toml`` (issue 16): dependency-only changes, nothing else.

The rule itself (fixloop.depfiles) on small documents; then whole runs with a scripted model and
the person simulated through the API's ``ask`` callback (and once on a pseudo-terminal through
the CLI, as tests/test_person.py does); then the gate alone against a ``pyproject.toml`` written
behind the tools' back (as the gate-attack fixtures write calc.py), with the real runner.

The repository is this file's own: a calculator whose ``add`` subtracts, a ``pyproject.toml``
that is both its dependency list and its pytest configuration.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import git, init_repo
from test_e2e import default_sandbox_args, fixloop_branches
from test_person import PtyRun, end, events_of, sandbox_kw, script_file, use

from fixloop.api import CodingAgent
from fixloop.depfiles import check_manifest, is_manifest
from fixloop.gate import Gate
from fixloop.models.scripted import ScriptedModel
from fixloop.sandbox import make_sandbox, warn_unsandboxed
from fixloop.testrun import TestRunner
from fixloop.types import Limits

PYPROJECT = """\
[project]
name = "adder"
version = "0.1.0"
dependencies = [
  "attrs>=20",
]

[tool.pytest.ini_options]
testpaths = ["tests"]
"""
CALC = "def add(a, b):\n    return a - b\n\n\ndef double(a):\n    return 2 * a\n"
TESTS = (
    "from calc import add, double\n\n\n"
    "def test_add():\n    assert add(2, 3) == 5\n\n\n"
    "def test_double():\n    assert double(4) == 8\n"
)
FIX = {"path": "calc.py", "old": "return a - b", "new": "return a + b"}
#: a dependency-only change: one more requirement
ADD_DEP = {"path": "pyproject.toml", "old": '  "attrs>=20",\n', "new": '  "attrs>=20",\n  "tomli-w>=1.0",\n'}  # fmt: skip
#: the same, plus a pytest setting that deselects the failing test
CHEAT = {
    "path": "pyproject.toml",
    "old": '  "attrs>=20",\n]\n\n[tool.pytest.ini_options]\n',
    "new": '  "attrs>=20",\n  "tomli-w>=1.0",\n]\n\n[tool.pytest.ini_options]\naddopts = "-k \'not add\'"\n',
}


@pytest.fixture
def adder(tmp_path: Path) -> Path:
    root = tmp_path / "adder"
    (root / "tests").mkdir(parents=True)
    (root / "pyproject.toml").write_bytes(PYPROJECT.encode())
    (root / "calc.py").write_text(CALC)
    (root / "tests" / "test_calc.py").write_text(TESTS)
    return init_repo(root)


def after(edit: dict[str, str]) -> bytes:
    return PYPROJECT.replace(edit["old"], edit["new"]).encode()


# ---- the rule -------------------------------------------------------------------------------

BASE = b'[project]\nname = "p"\nversion = "1"\ndependencies = ["a"]\n\n[tool.pytest.ini_options]\naddopts = "-q"\n'  # fmt: skip


@pytest.mark.parametrize(
    "extra",
    [
        b'\n[project.optional-dependencies]\nfast = ["b"]\n',
        b'\n[dependency-groups]\ntest = ["c"]\n',
        b'\n[build-system]\nrequires = ["hatchling"]\n',
        b'\n[tool.poetry.dependencies]\npython = "^3.11"\n',
        b'\n[tool.poetry.group.test.dependencies]\npytest-x = "*"\n',
        b'\n[tool.pdm]\ndev-dependencies = {lint = ["ruff"]}\n',
        b'\n[tool.uv]\ndev-dependencies = ["d"]\noverride-dependencies = ["e<2"]\n',
    ],
    ids=["optional", "groups", "build", "poetry", "poetry-group", "pdm", "uv"],
)
def test_every_documented_dependency_key_may_change(extra: bytes) -> None:
    check = check_manifest(BASE, BASE + extra)
    assert check.ok and check.dependencies and not check.changed, check
    assert check_manifest(BASE + extra, BASE).ok  # and go again


@pytest.mark.parametrize(
    ("new", "key"),
    [
        (BASE.replace(b'"-q"', b'"-q -k not_add"'), "tool.pytest.ini_options.addopts"),
        (BASE + b'\n[tool.coverage.run]\nomit = ["calc.py"]\n', "tool.coverage.run.omit"),
        (
            BASE + b'\n[project.entry-points.pytest11]\nx = "calc"\n',
            "project.entry-points.pytest11.x",
        ),
        (BASE + b'\n[tool.setuptools]\npackages = ["calc"]\n', "tool.setuptools.packages"),
        (BASE + b"\n[tool.pytest.sub]\n", "tool.pytest.sub"),  # an empty table counts
        (BASE.replace(b'version = "1"', b'version = "1"\n"a.b" = 1'), 'project."a.b"'),
        (BASE.replace(b'"1"', b'"2"').replace(b'["a"]', b'["a", "b"]'), "project.version"),
    ],
    ids=["pytest", "coverage", "entry-point", "setuptools", "empty-table", "quoted", "with-deps"],
)
def test_any_other_key_is_named(new: bytes, key: str) -> None:
    check = check_manifest(BASE, new)
    assert not check.ok and check.changed == (key,)
    assert key in check.why() and "not a dependency list" in check.why()


def test_unparsable_created_and_deleted_files_are_refused() -> None:
    assert "does not parse as TOML" in check_manifest(BASE, b"[project\n").why()
    assert "not UTF-8" in check_manifest(BASE, BASE + b"# \xff\n").why()
    assert "creates" in check_manifest(None, BASE).why()
    assert "deletes" in check_manifest(BASE, None).why()
    assert "original pyproject.toml does not parse" in check_manifest(b"x = [", BASE).why()
    # a TOML integer is not a float: the value changed
    assert check_manifest(b"[tool.x]\nn = 1\n", b"[tool.x]\nn = 1.0\n").changed == ("tool.x.n",)
    assert is_manifest("sub/PyProject.toml") and not is_manifest("pyproject.toml.bak")


# ---- whole runs: the tool side --------------------------------------------------------------


def test_an_approved_dependency_only_change_is_kept_and_the_run_verifies(adder: Path) -> None:
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "y"

    model = ScriptedModel([use("edit_file", **ADD_DEP), use("edit_file", **FIX), end("fixed")])
    result = CodingAgent(model, adder, ask=ask, approve="deps", **sandbox_kw()).run()
    assert result.verified, result.summary
    assert sorted(result.files_changed) == ["calc.py", "pyproject.toml"]
    (question,) = asked  # calc.py is source: only the dependency change was asked about
    assert "Approve edit_file pyproject.toml?" in question
    assert "dependency lists only (project.dependencies)" in question
    assert "nothing is installed" in question and '+  "tomli-w>=1.0",' in question
    told = model.requests[1][1][-1]["content"][0]
    assert not told["is_error"] and "nothing is installed" in told["content"]
    task = json.dumps(model.requests[0][1][0])  # the task says so before any change
    assert "Dependency changes (--approve deps)" in task and "nothing is installed" in task
    branch = git(adder, "show", f"{result.branch}:pyproject.toml")
    assert branch.encode() == after(ADD_DEP)
    (approval,) = events_of(result, "approval")
    assert approval["path"] == "pyproject.toml" and approval["approved"] is True


def test_a_pytest_setting_inside_a_dependency_change_is_refused_at_the_tool(adder: Path) -> None:
    asked: list[str] = []
    model = ScriptedModel([use("edit_file", **CHEAT), use("edit_file", **FIX), end("fixed")])
    agent = CodingAgent(model, adder, ask=lambda q: asked.append(q) or "y", approve="deps", **sandbox_kw())  # fmt: skip
    result = agent.run()
    assert result.verified, result.summary
    assert asked == []  # refused by the rule: the person is never asked
    refused = model.requests[1][1][-1]["content"][0]
    assert refused["is_error"]
    assert "tool.pytest.ini_options.addopts" in refused["content"]
    assert "not a dependency list" in refused["content"] and "as it was" in refused["content"]
    (res,) = [e for e in events_of(result, "tool_result") if e["is_error"]]
    assert res["kind"] == "not_dependency_only"
    assert result.files_changed == ["calc.py"]
    assert git(adder, "show", f"{result.branch}:pyproject.toml") == PYPROJECT


def test_a_refused_approval_restores_the_exact_bytes_and_the_commit_keeps_the_approved_one(
    adder: Path,
) -> None:
    answers = iter(["y", "not this one, too new"])
    second = {"path": "pyproject.toml", "old": '"tomli-w>=1.0"', "new": '"tomli-w>=9"'}
    model = ScriptedModel(
        [
            use("edit_file", **ADD_DEP),
            use("edit_file", **second),
            use("edit_file", **FIX),
            end("fixed"),
        ]
    )
    result = CodingAgent(model, adder, ask=lambda q: next(answers), approve="deps", **sandbox_kw()).run()  # fmt: skip
    assert result.verified, result.summary
    refused = model.requests[2][1][-1]["content"][0]
    assert refused["is_error"] and "not this one, too new" in refused["content"]
    # the refused call's bytes are gone from what the commit is built of (the tools' record)
    assert git(adder, "show", f"{result.branch}:pyproject.toml").encode() == after(ADD_DEP)
    assert [e["approved"] for e in events_of(result, "approval")] == [True, False]


def test_a_refused_first_change_leaves_pyproject_byte_for_byte(adder: Path) -> None:
    odd = PYPROJECT.replace("\n", "\r\n").encode() + b"# no newline at the end"
    (adder / "pyproject.toml").write_bytes(odd)
    git(adder, "commit", "-qam", "crlf")
    crlf = {"path": "pyproject.toml", "old": '  "attrs>=20",\n', "new": '  "attrs>=21",\n'}
    model = ScriptedModel([use("edit_file", **crlf), end("CANNOT FIX: stop here")])
    result = CodingAgent(
        model, adder, ask=lambda q: "n", approve="deps", keep_worktree=True, **sandbox_kw()
    ).run()
    refused = model.requests[1][1][-1]["content"][0]
    assert refused["is_error"] and "refused this change to pyproject.toml" in refused["content"]
    assert result.worktree, result.summary
    assert (Path(result.worktree) / "pyproject.toml").read_bytes() == odd


@pytest.mark.parametrize("approve", ["never", "edits", "commit"])
def test_without_approve_deps_pyproject_stays_read_only(adder: Path, approve: str) -> None:
    asked: list[str] = []
    model = ScriptedModel([use("edit_file", **ADD_DEP), use("edit_file", **FIX), end("fixed")])
    kw: dict[str, Any] = {"approve": approve, "ask": lambda q: asked.append(q) or "y"}
    result = CodingAgent(model, adder, **kw, **sandbox_kw()).run()
    assert result.verified, result.summary
    refused = model.requests[1][1][-1]["content"][0]
    assert refused["is_error"] and "test configuration" in refused["content"]
    assert result.files_changed == ["calc.py"]
    assert not any("pyproject" in q for q in asked)
    assert "--approve deps" not in json.dumps(model.requests[0][1][0])
    assert git(adder, "show", f"{result.branch}:pyproject.toml") == PYPROJECT


def test_the_terminal_approves_a_dependency_change(adder: Path, tmp_path: Path) -> None:
    model = script_file(tmp_path, [use("edit_file", **ADD_DEP), use("edit_file", **FIX), end("ok")])  # fmt: skip
    args = ["fix", str(adder), "--json", "--approve", "deps", "--model", model]
    run = PtyRun([*args, *default_sandbox_args()], tmp_path / "home")
    run.expect("dependency lists only (project.dependencies)")
    run.expect('+  "tomli-w>=1.0",')
    run.expect("Approve edit_file pyproject.toml? [y]es / [n]o / [e]xplain: ")
    run.type("y\n")
    code, out = run.finish()
    res = json.loads(out)
    assert code == 0 and res["status"] == "verified", res["summary"]
    assert fixloop_branches(adder) == [res["branch"]]
    assert git(adder, "show", f"{res['branch']}:pyproject.toml").encode() == after(ADD_DEP)


# ---- the gate alone: written behind the tools' back -----------------------------------------


def _gate(repo: Path, tmp_path: Path, manifests: dict[str, bytes]) -> Gate:
    kind = "none" if default_sandbox_args() else "auto"
    box = make_sandbox(kind, allow_unsandboxed=True)
    warn_unsandboxed(box, lambda text: None)
    runner = TestRunner(repo, box, log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["tests/test_calc.py::test_add"]
    iso = SimpleNamespace(root=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    return Gate(iso, None, runner, baseline, manifests=manifests)


@pytest.mark.parametrize("approved", ["dependency-only", "the cheat itself"])
def test_the_gate_refuses_a_pytest_setting_in_pyproject_naming_the_key(
    adder: Path, tmp_path: Path, approved: str
) -> None:
    # the cheat deselects the failing test and fixes nothing; "the cheat itself": even bytes
    # the tool side let through (a slip there) are checked against the base again
    manifests = {"pyproject.toml": after(ADD_DEP if approved == "dependency-only" else CHEAT)}
    gate = _gate(adder, tmp_path, manifests)
    (adder / "pyproject.toml").write_bytes(after(CHEAT))
    (adder / "calc.py").write_text(CALC.replace("return 2 * a", "return a + a"))
    verdict = gate.verify()
    assert not verdict.verified
    assert "tool.pytest.ini_options.addopts" in verdict.reason, verdict.reason
    assert "not a dependency list" in verdict.reason
    assert (adder / "pyproject.toml").read_bytes() == PYPROJECT.encode()  # restored


def test_the_gate_keeps_an_approved_dependency_change_and_only_that(
    adder: Path, tmp_path: Path
) -> None:
    gate = _gate(adder, tmp_path, {"pyproject.toml": after(ADD_DEP)})
    (adder / "pyproject.toml").write_bytes(after(ADD_DEP))
    (adder / "calc.py").write_text(CALC.replace("a - b", "a + b"))
    verdict = gate.verify()
    assert verdict.verified, verdict.reason
    tree = git(adder, "ls-tree", "--name-only", str(verdict.tree)).split()
    assert "pyproject.toml" in tree
    blob = git(adder, "cat-file", "-p", f"{verdict.tree}:pyproject.toml")
    assert blob.encode() == after(ADD_DEP)
    # a dependency-only change the person did not approve is restored and refuses the claim
    other = after(ADD_DEP).replace(b"tomli-w>=1.0", b"tomli-w>=1.1")
    (adder / "pyproject.toml").write_bytes(other)
    verdict = gate.verify()
    assert not verdict.verified and "not the ones the person approved" in verdict.reason
    assert (adder / "pyproject.toml").read_bytes() == PYPROJECT.encode()


def test_without_deps_the_gate_restores_pyproject_as_before(adder: Path, tmp_path: Path) -> None:
    kind = "none" if default_sandbox_args() else "auto"
    box = make_sandbox(kind, allow_unsandboxed=True)
    warn_unsandboxed(box, lambda text: None)
    runner = TestRunner(adder, box, log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    iso = SimpleNamespace(root=adder, base_commit=git(adder, "rev-parse", "HEAD").strip())
    (adder / "pyproject.toml").write_bytes(after(ADD_DEP))
    (adder / "calc.py").write_text(CALC.replace("a - b", "a + b"))
    verdict = Gate(iso, None, runner, baseline).verify()
    assert verdict.verified and verdict.tampered == ["pyproject.toml"], verdict.reason
    blob = git(adder, "cat-file", "-p", f"{verdict.tree}:pyproject.toml")
    assert blob == PYPROJECT  # the base's bytes: the change never entered the commit


def test_a_refused_edit_after_an_approved_one_never_reaches_the_commit(adder: Path) -> None:
    # the tools' record of written bytes (what the commit is built of) is restored with the
    # file: before, the refused second edit's bytes were committed
    answers = iter(["y", "n"])
    note = {"path": "calc.py", "old": "return a + b", "new": "return a + b  # refused"}
    model = ScriptedModel([use("edit_file", **FIX), use("edit_file", **note), end("fixed")])
    agent = CodingAgent(model, adder, ask=lambda q: next(answers), approve="edits", **sandbox_kw())
    result = agent.run()
    assert result.verified, result.summary
    assert "refused" not in git(adder, "show", f"{result.branch}:calc.py")
