"""What the checkout has that git does not (issue 13): needed ignored files and git submodules.

Tiny projects built here: a package whose ``_version.py`` is generated and git-ignored (with a
``.env``, a key file and a virtualenv beside it, also ignored), and a project whose code lives
partly in a real git submodule. Each is run through the real command with a script model.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from conftest import GIT_ENV, git, init_repo
from test_e2e import default_sandbox_args, fixloop_branches, run_cli, snapshot

from fixloop.runtree import copy_ignored, ignored_files, submodules

FIX_PRICE = [
    {
        "stop_reason": "tool_use",
        "content": [
            {
                "type": "tool_use",
                "name": "edit_file",
                "input": {
                    "path": "src/shopkit/price.py",
                    "old": "return cents // 100",
                    "new": "return cents / 100",
                },
            }
        ],
    },
    {"stop_reason": "end_turn", "content": [{"type": "text", "text": "integer division."}]},
]

PRICE = '''"""Prices."""
from shopkit._version import VERSION


def euros(cents):
    return cents // 100


def banner():
    return f"shopkit {VERSION}"
'''

TEST_PRICE = """from shopkit.price import banner, euros


def test_euros():
    assert euros(250) == 2.5


def test_banner():
    assert banner() == "shopkit 1.2.3"
"""


@pytest.fixture
def sandbox_args() -> list[str]:
    """The default sandbox where it starts here; else the explicit unsandboxed opt-in."""
    return list(default_sandbox_args())


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def version_project(tmp_path: Path) -> Path:
    """A src-layout package whose _version.py only the checkout has (git-ignored)."""
    repo = tmp_path / "shopkit"
    write(
        repo,
        {
            ".gitignore": "src/shopkit/_version.py\n.env\n*.pem\n.venv/\n__pycache__/\n",
            "pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["src"]\n',
            "src/shopkit/__init__.py": "",
            "src/shopkit/price.py": PRICE,
            "tests/test_price.py": TEST_PRICE,
        },
    )
    init_repo(repo)
    write(
        repo,
        {
            "src/shopkit/_version.py": 'VERSION = "1.2.3"\n',
            ".env": "SHOP_TOKEN=do-not-copy\n",
            "deploy.pem": "-----BEGIN PRIVATE KEY-----\n",
            ".venv/pyvenv.cfg": "home = /usr/bin\n",
            ".venv/lib/big.py": "x = 1\n",
        },
    )
    return repo


def test_ignored_files_rule(tmp_path: Path) -> None:
    repo = version_project(tmp_path)
    found = ignored_files(repo)
    assert found.paths == ["src/shopkit/_version.py"]
    assert sorted(found.secrets) == [".env", "deploy.pem"]
    assert not any(p.startswith(".venv") for p in found.paths + found.capped)


def test_ignored_file_the_code_needs_reaches_the_run_not_the_commit(
    tmp_path: Path, sandbox_args: list[str]
) -> None:
    repo = version_project(tmp_path)
    before = snapshot(repo)
    script = tmp_path / "fix.json"
    script.write_text(json.dumps(FIX_PRICE))
    home = tmp_path / "home"
    proc = run_cli(["fix", str(repo), "--json", "--model", f"script:{script}", *sandbox_args], home)
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = json.loads(proc.stdout)
    assert res["verified"] is True and res["files_changed"] == ["src/shopkit/price.py"]
    # the run said what it copied, and never a secret
    assert "git-ignored file(s) of your checkout copied into" in proc.stderr
    assert (
        "src/shopkit/_version.py" in proc.stderr
        and ".env" not in proc.stderr.split("copied")[1].split("\n")[0]
    )
    # the commit holds the model's edit only
    tree = git(repo, "ls-tree", "-r", "--name-only", res["branch"]).split()
    assert "src/shopkit/_version.py" not in tree and ".env" not in tree
    assert snapshot(repo) == before


def make_submodule_project(tmp_path: Path, *, init: bool = True) -> Path:
    """A project whose ``vendor/units`` is a git submodule (a real local clone)."""
    lib = tmp_path / "units-lib"
    write(lib, {"units.py": "def cents(euros):\n    return round(euros * 100)\n"})
    init_repo(lib)
    repo = tmp_path / "app"
    write(
        repo,
        {
            "pytest.ini": "[pytest]\npythonpath = vendor/units\n",
            "app.py": "from units import cents\n\n\ndef total(items):\n    return sum(cents(i) for i in items[1:])\n",
            "tests/test_app.py": "from app import total\n\n\ndef test_total():\n    assert total([1.5, 2]) == 350\n",
        },
    )
    init_repo(repo)
    env = {**os.environ, **GIT_ENV}
    subprocess.run(
        [
            "git",
            "-c",
            "protocol.file.allow=always",
            "submodule",
            "add",
            "-q",
            str(lib),
            "vendor/units",
        ],
        cwd=repo,
        env=env,
        check=True,
        capture_output=True,
    )
    git(repo, "commit", "-qm", "units as a submodule")
    if init:
        return repo
    bare = tmp_path / "fresh"
    subprocess.run(["git", "clone", "-q", str(repo), str(bare)], env=env, check=True)
    return bare  # the submodule's folder is empty: never initialized here


FIX_TOTAL = [
    {
        "stop_reason": "tool_use",
        "content": [
            {
                "type": "tool_use",
                "name": "edit_file",
                "input": {"path": "app.py", "old": "items[1:]", "new": "items"},
            }
        ],
    },
    {"stop_reason": "end_turn", "content": [{"type": "text", "text": "skipped the first."}]},
]


def test_submodule_checked_out_from_the_local_clone(
    tmp_path: Path, sandbox_args: list[str]
) -> None:
    repo = make_submodule_project(tmp_path)
    config_before = (repo / ".git" / "config").read_bytes()
    before = snapshot(repo)
    (sub,) = submodules(repo, git(repo, "rev-parse", "HEAD").strip())
    assert sub.path == "vendor/units" and len(sub.commit) == 40
    script = tmp_path / "fix.json"
    script.write_text(json.dumps(FIX_TOTAL))
    home = tmp_path / "home"
    proc = run_cli(["fix", str(repo), "--json", "--model", f"script:{script}", *sandbox_args], home)
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = json.loads(proc.stdout)
    assert res["verified"] is True and res["files_changed"] == ["app.py"]
    assert f"vendor/units at {sub.commit[:12]}" in proc.stderr
    # nothing written into the user's repository or its config; the worktree is gone
    assert (repo / ".git" / "config").read_bytes() == config_before
    assert snapshot(repo) == before and res["worktree"] is None


def test_submodule_missing_in_the_checkout_stops_before_the_model(
    tmp_path: Path, sandbox_args: list[str]
) -> None:
    repo = make_submodule_project(tmp_path, init=False)
    before = snapshot(repo)
    script = tmp_path / "fix.json"
    script.write_text(json.dumps(FIX_TOTAL))
    home = tmp_path / "home"
    proc = run_cli(["fix", str(repo), "--json", "--model", f"script:{script}", *sandbox_args], home)
    assert proc.returncode == 3, proc.stderr[-3000:]
    res = json.loads(proc.stdout)
    assert res["status"] == "environment" and res["steps"] == 0
    env = res["environment"]
    assert env["kind"] == "submodule" and "'vendor/units' is not checked out" in env["cause"]
    assert "submodule update --init vendor/units" in env["fix"]
    assert snapshot(repo) == before and fixloop_branches(repo) == []
    doc = run_cli(["doctor", str(repo), "--json", *sandbox_args], home)
    assert doc.returncode == 3 and json.loads(doc.stdout)["environment"]["kind"] == "submodule"


COUNTER = '''"""Words that count their calls in a git-ignored cache file of the checkout."""
import json
import os

CACHE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plural_cache.json")


def _count():
    hits = 0
    if os.path.exists(CACHE):
        with open(CACHE, encoding="utf-8") as fh:
            hits = json.load(fh).get("hits", 0)
    with open(CACHE, "w", encoding="utf-8") as fh:
        json.dump({"hits": hits + 1}, fh)


def plural(word):
    _count()
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ys"
    return word + "s"
'''

FIX_PLURAL = [
    {
        "stop_reason": "tool_use",
        "content": [
            {
                "type": "tool_use",
                "name": "edit_file",
                "input": {"path": "words.py", "old": '"ys"', "new": '"ies"'},
            }
        ],
    },
    {"stop_reason": "end_turn", "content": [{"type": "text", "text": "consonant + y."}]},
]


def test_copies_keep_mode_and_mtime_and_are_writable(tmp_path: Path) -> None:
    src, dest = tmp_path / "src", tmp_path / "dest"
    write(src, {"a/cache.json": "{}", "b.mo": "x"})
    os.chmod(src / "b.mo", 0o444)
    os.utime(src / "a/cache.json", (1_000_000_000, 1_000_000_000))
    assert copy_ignored(src, dest, ["a/cache.json", "b.mo"]) == ["a/cache.json", "b.mo"]
    assert os.stat(dest / "a/cache.json").st_mtime == 1_000_000_000
    assert (
        os.stat(dest / "a/cache.json").st_mode & 0o777
        == os.stat(src / "a/cache.json").st_mode & 0o777
    )
    assert os.stat(dest / "b.mo").st_mode & 0o777 == 0o644  # owner-writable, the rest kept


def test_a_project_that_rewrites_its_ignored_cache_can_be_fixed(
    tmp_path: Path, sandbox_args: list[str]
) -> None:
    """Red team 3, F15: the copies were read-only, so the baseline and every gate run failed
    with PermissionError and the doctor blamed the test; the user's file stays as it was."""
    repo = tmp_path / "words"
    write(
        repo,
        {
            "words.py": COUNTER,
            ".gitignore": "plural_cache.json\n",
            "tests/test_words.py": "from words import plural\n\n\n"
            "def test_plural_consonant_y():\n    assert plural('city') == 'cities'\n\n\n"
            "def test_plural_plain():\n    assert plural('dog') == 'dogs'\n",
        },
    )
    init_repo(repo)
    (repo / "plural_cache.json").write_text('{"hits": 3}', encoding="utf-8")
    script = tmp_path / "fix.json"
    script.write_text(json.dumps(FIX_PLURAL))
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{script}", *sandbox_args],
        tmp_path / "home",
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout)["verified"] is True
    assert (repo / "plural_cache.json").read_text(encoding="utf-8") == '{"hits": 3}'
