"""Suite loading: the format, clear one-line errors, task selection, test counting, and a check
that every task of examples/suite is sound (its patch applies and makes all tests pass)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fixloop.errors import ConfigError, UsageError
from fixloop.eval.suite import DEFAULT_PROMPT, count_tests, load_suite

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "suite"


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root


def minimal_suite(root: Path) -> Path:
    return write(
        root,
        {
            "suite.toml": 'name = "mini"\n[defaults]\ntest_cmd = "python -m pytest -q"\n'
            "max_steps = 12\n",
            "t1/task.toml": 'id = "t1"\nkind = "off-by-one"\nexpected_files = ["./m.py"]\n',
            "t1/repo/m.py": "def f():\n    return 1\n",
            "t1/repo/tests/test_m.py": "def test_a():\n    pass\n\ndef test_b():\n    pass\n",
            "t1/hidden/tests/test_hidden_m.py": "def test_c():\n    pass\n",
            "t2/task.toml": 'kind = "wrong-variable"\nprompt = "Fix it."\ntest_cmd = ["pytest"]\n',
            "t2/repo/n.py": "x = 1\n",
        },
    )


def test_load_minimal_suite(tmp_path: Path) -> None:
    suite = load_suite(minimal_suite(tmp_path / "s"))
    assert suite.name == "mini"
    assert suite.budgets == {"max_steps": 12}
    t1, t2 = suite.tasks
    assert (t1.id, t1.kind, t1.expected_files) == ("t1", "off-by-one", ("m.py",))
    assert t1.test_cmd == ("python", "-m", "pytest", "-q")
    assert t1.prompt == DEFAULT_PROMPT
    assert (t1.visible_tests, t1.hidden_tests, t1.scoring_tests) == (2, 1, 3)
    assert t1.hidden_dir == tmp_path / "s" / "t1" / "hidden"
    # id defaults to the folder name; per-task test_cmd and prompt override the defaults
    assert (t2.id, t2.test_cmd, t2.prompt, t2.hidden_dir) == ("t2", ("pytest",), "Fix it.", None)


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"t1/task.toml": None}, "missing task.toml"),
        ({"t1/task.toml": "id = [unclosed\n"}, "invalid TOML"),
        ({"suite.toml": "name = \n"}, "invalid TOML"),
        ({"suite.toml": None}, "missing suite.toml"),
        ({"t1/repo": None}, "missing repo/"),
        ({"t1/task.toml": 'expected_files = "m.py"\n'}, "key 'expected_files': Input should be"),
        ({"t2/task.toml": 'id = "t1"\n'}, "duplicate task id"),
        ({"t1/task.toml": "test_cmd = 3\n"}, "key 'test_cmd': must be a string or a list"),
        ({"t1/task.toml": 'test_cmd = "pytest \'x"\n'}, "key 'test_cmd': cannot split"),
        ({"t1/task.toml": "test_cmd = []\n"}, "key 'test_cmd': the test command is empty"),
        ({"t1/task.toml": 'id = "  "\n'}, "key 'id': must be a non-empty string"),
        ({"t1/task.toml": "kind = 3\n"}, "key 'kind': Input should be a valid string"),
        ({"suite.toml": "[defaults]\nmax_steps = 0\n"}, "key 'defaults.max_steps': Input"),
        ({"suite.toml": '[defaults]\nmax_steps = "9"\n'}, "key 'defaults.max_steps': Input"),
        ({"suite.toml": "defaults = 3\n"}, "key 'defaults': Input should be a valid dict"),
    ],
)
def test_suite_errors_are_one_line(tmp_path: Path, files: dict, message: str) -> None:
    root = minimal_suite(tmp_path / "s")
    for rel, text in files.items():
        p = root / rel
        if text is None:
            shutil.rmtree(p) if p.is_dir() else p.unlink()
        else:
            p.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_suite(root)
    text = str(info.value)
    assert message in text
    assert "\n" not in text
    assert info.value.exit_code == 2


@pytest.mark.parametrize(
    ("rel", "text", "key", "hint"),
    [
        # the typo that silently disabled the "edits outside expected files" metric
        ("t1/task.toml", 'expected_file = ["m.py"]\n', "expected_file", "expected_files"),
        ("t1/task.toml", 'kinds = "off-by-one"\n', "kinds", "kind"),
        ("t2/task.toml", 'promt = "Fix it."\n', "promt", "prompt"),
        ("t2/task.toml", 'test_command = "pytest"\n', "test_command", "test_cmd"),
        ("suite.toml", 'descripton = "x"\n', "descripton", "description"),
        ("suite.toml", "[default]\nmax_steps = 3\n", "default", "defaults"),
        ("suite.toml", "[defaults]\nmax_step = 3\n", "defaults.max_step", "max_steps"),
        (
            "suite.toml",
            "[defaults]\ntest_timeout = 3.0\n",
            "defaults.test_timeout",
            "test_timeout_s",
        ),
    ],
)
def test_unknown_keys_name_file_key_and_nearest(
    tmp_path: Path, rel: str, text: str, key: str, hint: str
) -> None:
    root = minimal_suite(tmp_path / "s")
    (root / rel).write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_suite(root)
    assert str(info.value) == (f"{root / rel}: unknown key {key!r} (did you mean {hint!r}?)")
    assert info.value.exit_code == 2


def test_unknown_key_without_a_near_one_and_a_section_table(tmp_path: Path) -> None:
    root = minimal_suite(tmp_path / "s")
    (root / "t1" / "task.toml").write_text('zzz = 1\nid = "t1"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_suite(root)
    assert str(info.value) == f"{root / 't1' / 'task.toml'}: unknown key 'zzz'"
    # budgets are flat keys of [defaults]; a [defaults.budgets] table says so
    minimal_suite(root)
    (root / "suite.toml").write_text("[defaults.budgets]\nmax_steps = 3\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"unknown key 'defaults.budgets' \(put its keys"):
        load_suite(root)


def test_defaults_budgets_are_checked_and_typed(tmp_path: Path) -> None:
    root = minimal_suite(tmp_path / "s")
    (root / "suite.toml").write_text(
        "[defaults]\nmax_steps = 7\nmax_cost_usd = 2\ntest_timeout_s = 30.5\nread_lines = 50\n",
        encoding="utf-8",
    )
    suite = load_suite(root)
    assert suite.budgets == {
        "max_steps": 7,
        "max_cost_usd": 2.0,
        "test_timeout_s": 30.5,
        "read_lines": 50,
    }
    assert suite.tasks[0].test_cmd == ("python", "-m", "pytest", "-q")  # the default command


def test_missing_folder_and_empty_suite(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="suite folder not found"):
        load_suite(tmp_path / "nope")
    write(tmp_path / "empty", {"suite.toml": 'name = "e"\n'})
    with pytest.raises(ConfigError, match="no task folders"):
        load_suite(tmp_path / "empty")


def test_select_by_id_and_glob(tmp_path: Path) -> None:
    suite = load_suite(minimal_suite(tmp_path / "s"))
    assert [t.id for t in suite.select(None)] == ["t1", "t2"]
    assert [t.id for t in suite.select("t2")] == ["t2"]
    assert [t.id for t in suite.select("t*")] == ["t1", "t2"]
    assert [t.id for t in suite.select(" t1 , t2 ")] == ["t1", "t2"]
    with pytest.raises(UsageError, match="no task matches 'zz'"):
        suite.select("t1,zz")


def test_count_tests_follows_pytest_discovery_and_layers(tmp_path: Path) -> None:
    base = write(
        tmp_path / "repo",
        {
            "tests/test_a.py": (
                "import pytest\n"
                "def test_one(): pass\n"
                "def helper(): pass\n"
                "@pytest.mark.parametrize('x', [1, 2, 3])\n"
                "def test_param(x): pass\n"
                "class TestGroup:\n"
                "    def test_m(self): pass\n"
                "    def other(self): pass\n"
                "class Helper:\n"
                "    def test_not_collected(self): pass\n"
            ),
            "b_test.py": "def test_b(): pass\n",
            "notatest.py": "def test_x(): pass\n",
            "tests/test_broken.py": "def test_(:\n",
        },
    )
    assert count_tests(base) == 1 + 3 + 1 + 1
    over = write(tmp_path / "hidden", {"tests/test_a.py": "def test_only(): pass\n"})
    # a hidden file replaces the visible file of the same path
    assert count_tests(base, over) == 1 + 1
    assert count_tests(tmp_path / "missing", None) == 0


def test_example_suite_has_six_kinds() -> None:
    suite = load_suite(EXAMPLES)
    assert len(suite.tasks) >= 6
    assert len({t.kind for t in suite.tasks}) == len(suite.tasks)
    for t in suite.tasks:
        assert t.expected_files and t.hidden_dir is not None and t.solution_patch is not None
        assert t.visible_tests >= 1 and t.hidden_tests >= 1
        for rel in t.expected_files:
            assert (t.repo_dir / rel).is_file(), (t.id, rel)


def _pytest(cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts="],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("task_id", [t.id for t in load_suite(EXAMPLES).tasks])
def test_example_task_is_sound(tmp_path: Path, task_id: str) -> None:
    """Visible tests fail on the bug; solution.patch applies and makes visible + hidden pass."""
    task = next(t for t in load_suite(EXAMPLES).tasks if t.id == task_id)
    work = tmp_path / "w"
    shutil.copytree(task.repo_dir, work)
    before = _pytest(work)
    assert before.returncode == 1, before.stdout[-2000:]
    assert task.solution_patch is not None
    check = subprocess.run(
        ["git", "apply", "--check", str(task.solution_patch)],
        cwd=work,
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr
    subprocess.run(["git", "apply", str(task.solution_patch)], cwd=work, check=True)
    assert task.hidden_dir is not None
    shutil.copytree(task.hidden_dir, work, dirs_exist_ok=True)
    after = _pytest(work)
    assert after.returncode == 0, after.stdout[-2000:]
    assert f"{task.scoring_tests} passed" in after.stdout
