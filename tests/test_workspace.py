"""Path policy of fixloop.workspace: escape, symlinks, blocked names, protected test files."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from conftest import init_repo

from fixloop.workspace import (
    DEFAULT_BLOCKED,
    PathRefused,
    Workspace,
    is_autoload,
    is_protected,
    is_test_file,
)


def build_ws(tmp_path: Path) -> Workspace:
    """A repository with links out, dangling links, blocked and ignored files."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("SECRET-OUTSIDE\n")
    (tmp_path / "outside-secret.txt").write_text("SECRET-FILE\n")
    root = tmp_path / "repo"
    files = {
        "pkg/mod.py": "x = 1\n",
        "pkg/sub/deep.py": "y = 2\n",
        "tests/test_mod.py": "def test_x():\n    pass\n",
        "README.md": "hello\n",
        ".gitignore": "build/\n*.log\n",
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    init_repo(root)
    (root / "build").mkdir()
    (root / "build" / "out.py").write_text("ignored\n")
    (root / "run.log").write_text("ignored\n")
    (root / "untracked.py").write_text("z = 3\n")
    (root / ".env").write_text("API_KEY=not-a-real-key\n")
    (root / ".venv" / "lib").mkdir(parents=True)
    (root / ".venv" / "lib" / "site.py").write_text("venv\n")
    os.symlink(outside, root / "escape")
    os.symlink("../outside-secret.txt", root / "notes.md")
    os.symlink("nowhere", root / "dangling")
    os.symlink("pkg", root / "alias")
    os.symlink("tests", root / "tests_alias")
    os.symlink("pkg/mod.py", root / "mod_link.py")
    return Workspace(root)


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    """A fresh workspace for tests that change it."""
    return build_ws(tmp_path)


@pytest.fixture(scope="module")
def ro_ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    """One workspace shared by tests that only look."""
    return build_ws(tmp_path_factory.mktemp("ws"))


def refused(ws: Workspace, rel: str, **kw) -> str:
    with pytest.raises(PathRefused) as e:
        ws.resolve(rel, **kw)
    return e.value.kind


def test_root_is_real_path(ws: Workspace, tmp_path: Path) -> None:
    link = tmp_path / "link-to-repo"
    os.symlink(ws.root, link)
    w2 = Workspace(link)
    assert w2.root == ws.root
    assert w2.resolve("pkg/mod.py") == ws.root / "pkg" / "mod.py"


@pytest.mark.parametrize(
    "rel",
    ["../outside-secret.txt", "pkg/../../x", "/etc/passwd", "~/.bashrc", "~", "escape/secret.txt"],
)
def test_outside_refused(ro_ws: Workspace, rel: str) -> None:
    ws = ro_ws
    assert refused(ws, rel) == "outside"


def test_symlink_file_leaving_workspace_refused(ro_ws: Workspace) -> None:
    ws = ro_ws
    assert refused(ws, "notes.md") == "outside"
    assert refused(ws, "escape/new.txt", write=True, must_exist=False) == "outside"


def test_dangling_link_not_regular(ro_ws: Workspace) -> None:
    ws = ro_ws
    assert refused(ws, "dangling") == "not_regular"
    assert refused(ws, "dangling", write=True, must_exist=False) == "not_regular"


@pytest.mark.parametrize("rel", ["", "   ", "a\x00b", "a\nb", "pkg/\x1bmod.py"])
def test_invalid_paths(ro_ws: Workspace, rel: str) -> None:
    ws = ro_ws
    assert refused(ws, rel) == "invalid"


@pytest.mark.parametrize(
    "rel",
    [
        ".git/config",
        ".env",
        "pkg/../.env",
        ".venv/lib/site.py",
        "x/__pycache__/a.pyc",
        "id_rsa",
        "keys/server.pem",
        ".ENV",
    ],
)
def test_blocked(ro_ws: Workspace, rel: str) -> None:
    ws = ro_ws
    assert refused(ws, rel, must_exist=False) == "blocked"


def test_symlink_into_blocked_refused(ws: Workspace) -> None:
    os.symlink(".git", ws.root / "gitdir")
    assert refused(ws, "gitdir/config") == "blocked"


def test_configurable_blocked(make_repo) -> None:
    root = make_repo({"data/x.csv": "1\n", "a.py": "a\n"})
    ws = Workspace(root, blocked=("data",))
    assert refused(ws, "data/x.csv") == "blocked"
    assert ws.resolve(".git/config").name == "config"  # not blocked any more
    assert ".git" in DEFAULT_BLOCKED


def test_blocked_path_globs(make_repo) -> None:
    root = make_repo({"data/private/x.csv": "1\n", "data/public/y.csv": "2\n", "a.py": ""})
    ws = Workspace(root, blocked=(*DEFAULT_BLOCKED, "data/private", "*.csv.bak"))
    assert refused(ws, "data/private/x.csv") == "blocked"
    assert refused(ws, "./data//private") == "blocked"
    assert refused(ws, "DATA/Private/x.csv", must_exist=False) == "blocked"
    assert ws.resolve("data/public/y.csv").name == "y.csv"
    assert list(ws.iter_files()) == ["a.py", "data/public/y.csv"]


def test_missing(ro_ws: Workspace) -> None:
    ws = ro_ws
    assert refused(ws, "nope.py") == "missing"
    assert ws.resolve("nope.py", must_exist=False) == ws.root / "nope.py"


def test_special_file_not_regular(ws: Workspace) -> None:
    os.mkfifo(ws.root / "fifo")
    assert refused(ws, "fifo") == "not_regular"
    s = socket.socket(socket.AF_UNIX)
    try:
        try:
            s.bind(str(ws.root / "sock"))
        except OSError:  # a socket path over the platform's length limit: the fifo covers it
            return
        assert refused(ws, "sock") == "not_regular"
    finally:
        s.close()


def test_hard_link_refused_and_not_listed(ws: Workspace, tmp_path: Path) -> None:
    secret = tmp_path / "hard-secret.txt"
    secret.write_text("SECRET\n")
    os.link(secret, ws.root / "innocent.txt")
    with pytest.raises(PathRefused) as e:
        ws.resolve("innocent.txt")
    assert e.value.kind == "not_regular" and "hard links" in str(e.value)
    assert "innocent.txt" not in list(ws.iter_files())


def test_spellings_normalized(ro_ws: Workspace) -> None:
    ws = ro_ws
    want = ws.root / "pkg" / "mod.py"
    for rel in ["pkg/mod.py", "./pkg/mod.py", "pkg//mod.py", "pkg/sub/../mod.py", "./pkg/./mod.py"]:
        assert ws.resolve(rel) == want


def test_symlink_inside_allowed_and_resolved(ro_ws: Workspace) -> None:
    ws = ro_ws
    assert ws.resolve("alias/mod.py") == ws.root / "pkg" / "mod.py"
    assert ws.resolve("mod_link.py", write=True) == ws.root / "pkg" / "mod.py"


def test_write_through_symlink_to_tests_is_protected(ro_ws: Workspace) -> None:
    ws = ro_ws
    assert refused(ws, "tests_alias/helper.py", write=True, must_exist=False) == "protected"
    # reading through it is fine
    assert ws.resolve("tests_alias/test_mod.py").name == "test_mod.py"


@pytest.mark.parametrize(
    "rel",
    [
        "tests/test_mod.py",
        "./tests/../tests/test_mod.py",
        "tests//helpers.py",
        "Tests/helpers.py",
        "pkg/tests/data.txt",
        "test/util.py",
        "test_x.py",
        "pkg/test_deep.py",
        "x_test.py",
        "pkg/conftest.py",
        "CONFTEST.PY",
        "conftest.py",
        "pytest.ini",
        ".pytest.ini",
        "tox.ini",
        "setup.cfg",
        "pyproject.toml",
        "sub/pyproject.toml",
        "fixloop.toml",
        "./svc/fixloop.toml",
    ],
)
def test_protected_names(rel: str) -> None:
    assert is_protected(rel)


@pytest.mark.parametrize(
    "rel",
    [
        "sitecustomize.py",
        "pkg/usercustomize.py",
        "x.pth",
        "deep/a/b/evil.pth",
        "pytest.py",
        "_pytest/__init__.py",
        "pkg/pytest.py",
        "pluggy.py",
        "json.py",
        "json/__init__.py",
        "src/json.py",
        "logging/handlers.py",
        "os.py",
        "re.pyc",
        "json.cpython-311-x86_64-linux-gnu.so",
    ],
)
def test_autoload_names(rel: str) -> None:
    assert is_autoload(rel)
    assert is_protected(rel)


@pytest.mark.parametrize(
    "rel",
    [
        "calc.py",
        "pkg/json.py",  # nested: imported as pkg.json, shadows nothing
        "pkg/logging/x.py",
        "src/pkg/types.py",
        "testing_utils.py",
        "contest.py",
        "mytests/x.py",
        "latest_test_data.txt",
        "README.md",
        "../tests/x.py",
        "pkg/packaging/build.py",
        "pytest_words/__init__.py",  # a pytest plugin project's own package (G11)
        "src/pytest_words/plugin.py",
        "pytest_evil.py",  # pytest loads no module for its name
    ],
)
def test_not_protected(rel: str) -> None:
    assert not is_protected(rel)


@pytest.mark.parametrize(
    "rel",
    [
        "tests/test_mod.py",
        "pkg/tests/helpers.py",
        "test/util.py",
        "testing/plugin_helpers.py",  # pytest's own layout
        "src/pkg/testing/asserts.py",
        "Tests/Helpers.py",
        "test_x.py",
        "pkg/TEST_deep.py",
        "a_test.py",
        "gui_test.pyw",
        "conftest.py",
        "deep/er/conftest.py",
        "/pkg/tests/x.py",  # a path cut from an absolute one keeps its leading slash
    ],
)
def test_test_files(rel: str) -> None:
    assert is_test_file(rel)
    assert is_protected(rel)  # every test file is protected


@pytest.mark.parametrize(
    "rel",
    [
        "calc.py",
        "src/pkg/testing_utils.py",
        "pkg/contest.py",
        "mytests/x.py",
        "test_data.json",  # pytest collects only .py files
        "latest.py",
        "pytest.ini",  # protected configuration, but not test code
        "sitecustomize.py",  # protected (auto-loaded), but not test code
        "../tests/test_x.py",
        "",
    ],
)
def test_not_test_files(rel: str) -> None:
    assert not is_test_file(rel)


def test_one_test_file_rule_for_the_repair_engine() -> None:
    """The repair engine (host and sandboxed server) uses the workspace's rule, not its own."""
    from fixloop.repair import engine, localize, screen_trace

    assert screen_trace.is_test_path is is_test_file  # the server's tracer (its copy: the same file)
    assert localize.is_test_path is is_test_file
    assert engine.is_test_path is is_test_file


def test_pathrules_module_loads_without_fixloop(tmp_path: Path) -> None:
    """The repair server loads a lone copy of pathrules.py where fixloop cannot be imported."""
    import subprocess
    import sys

    import fixloop.pathrules as mod

    copy = tmp_path / "lone_pathrules.py"
    copy.write_bytes(Path(mod.__file__).read_bytes())
    code = (
        "import sys, lone_pathrules as w\n"
        "assert 'fixloop' not in sys.modules\n"
        "print(w.is_test_file('pkg/tests/x.py'), w.is_test_file('pkg/x.py'))\n"
    )
    out = subprocess.run(  # -S: no site-packages, so no installed fixloop either
        [sys.executable, "-S", "-c", code], cwd=tmp_path, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "False"]


def test_resolve_write_refuses_protected_any_spelling(ro_ws: Workspace) -> None:
    ws = ro_ws
    for rel in ["tests/test_mod.py", "./tests/../tests/test_mod.py", "pkg/../tests/new.py"]:
        assert refused(ws, rel, write=True, must_exist=False) == "protected"
    assert refused(ws, "sitecustomize.py", write=True, must_exist=False) == "protected"


def test_write_to_folder_refused(ro_ws: Workspace) -> None:
    ws = ro_ws
    assert refused(ws, "pkg", write=True) == "not_regular"


def test_relpath(ro_ws: Workspace) -> None:
    ws = ro_ws
    assert ws.relpath(ws.root / "pkg" / "mod.py") == "pkg/mod.py"
    assert ws.relpath(ws.root) == "."
    with pytest.raises(ValueError):
        ws.relpath(Path("/etc/passwd"))


def test_iter_files_git(ro_ws: Workspace) -> None:
    ws = ro_ws
    files = list(ws.iter_files())
    assert "pkg/mod.py" in files
    assert "untracked.py" in files  # untracked but not ignored
    assert "tests/test_mod.py" in files
    assert "mod_link.py" in files  # a symlink to a file inside
    gone = ["build/out.py", "run.log", ".env", ".venv/lib/site.py", "notes.md", "escape"]
    for name in [*gone, "dangling", "alias"]:
        assert name not in files
    assert not any(f.startswith(".git/") for f in files)
    assert files == sorted(files)


def test_iter_files_sub_and_single(ro_ws: Workspace) -> None:
    ws = ro_ws
    assert list(ws.iter_files("pkg")) == ["pkg/mod.py", "pkg/sub/deep.py"]
    assert list(ws.iter_files("pkg/sub/deep.py")) == ["pkg/sub/deep.py"]
    with pytest.raises(PathRefused):
        list(ws.iter_files("escape"))


def test_iter_files_without_git(tmp_path: Path) -> None:
    root = tmp_path / "plain"
    (root / "a").mkdir(parents=True)
    (root / "a" / "x.py").write_text("x\n")
    (root / "node_modules" / "m").mkdir(parents=True)
    (root / "node_modules" / "m" / "i.js").write_text("x\n")
    (root / ".env.local").write_text("K=v\n")
    (root / "top.py").write_text("t\n")
    os.symlink("/etc", root / "etc_link")
    assert list(Workspace(root).iter_files()) == ["a/x.py", "top.py"]


def test_iter_files_subfolder_of_a_repo_leaves_ignored_files_out(make_repo) -> None:
    """``fixloop fix repo/sub``: the workspace root has no .git; git still decides (issue 20)."""
    repo = make_repo(
        {
            ".gitignore": "*.log\nsvc/dist/\n",
            "svc/.gitignore": "build/\n__generated__.py\n",
            "svc/app.py": "def handler():\n    return 'NEEDLE'\n",
            "svc/tests/test_app.py": "def test_app():\n    pass\n",
            "other/x.py": "x = 1\n",
        }
    )
    sub = repo / "svc"
    for rel in ["build/lib/app.py", "dist/app-1.0.tar.py", "__generated__.py", "server.log"]:
        (sub / rel).parent.mkdir(parents=True, exist_ok=True)
        (sub / rel).write_text("def handler():\n    return 'NEEDLE'\n")
    (sub / "new_module.py").write_text("y = 2\n")  # untracked, not ignored: listed
    assert not (sub / ".git").exists()
    ws = Workspace(sub)
    assert list(ws.iter_files()) == [".gitignore", "app.py", "new_module.py", "tests/test_app.py"]
    assert list(ws.iter_files("build")) == []
    from fixloop.tools import Tools

    tools = Tools(ws, None)
    listing = tools.call("list_files", {}).content
    assert "app.py" in listing and "build/" not in listing and "server.log" not in listing
    hits = tools.call("search_code", {"pattern": "NEEDLE"}).content
    assert hits.startswith("1 hit(s) in 1 file(s)") and "app.py:2:" in hits


def test_git_fsmonitor_hook_never_runs(ws: Workspace, tmp_path: Path) -> None:
    marker = tmp_path / "hook-ran"
    hook = tmp_path / "hook.sh"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    from conftest import git

    git(ws.root, "config", "core.fsmonitor", str(hook))
    assert "pkg/mod.py" in list(ws.iter_files())
    assert not marker.exists()


def test_a_package_root_in_testpaths_keeps_its_code_editable() -> None:
    # humanize 4.17.0: testpaths = ["src", "tests"] (for --doctest-modules); its code stays the
    # model's to fix, while test files, data and the other testpaths stay protected
    from fixloop.workspace import EditPolicy

    policy = EditPolicy(test_dirs=["src", "tests", "checks"], test_globs=["test_*.py"])
    assert policy.test_reason("src/humanize/number.py") is None
    assert policy.test_reason("src/humanize/test_number.py") is not None
    assert policy.test_reason("src/humanize/locale/data.json") is not None
    assert policy.test_reason("checks/helpers.py") is not None  # not a package root
