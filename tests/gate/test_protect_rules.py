"""The write rules of :class:`fixloop.workspace.EditPolicy` and pytest's settings as read by
:mod:`fixloop.testinfra` (issue 11, DESIGN.md rule 8), each on its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from fixloop.config import load_settings
from fixloop.testinfra import (
    build_policy,
    doctest_examples,
    doctest_examples_removed,
    read_pytest_settings,
)
from fixloop.tools import Tools
from fixloop.types import RunRecord
from fixloop.workspace import EditPolicy, PathRefused, Workspace, is_source


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return root


# ---------------------------------------------------------------------- pytest's settings


@pytest.mark.parametrize(
    ("files", "python_files", "testpaths", "inifile"),
    [
        ({"pytest.ini": "[pytest]\npython_files = tests.py check_*.py\n"},
         ("tests.py", "check_*.py"), (), "pytest.ini"),
        ({"pyproject.toml": "[tool.pytest.ini_options]\npython_files = ['x_*.py']\n"
                            "testpaths = ['spec']\n"}, ("x_*.py",), ("spec",), "pyproject.toml"),
        ({"tox.ini": "[pytest]\ntestpaths = a b\n"}, ("test_*.py", "*_test.py"), ("a", "b"),
         "tox.ini"),
        ({"setup.cfg": "[tool:pytest]\npython_files = *_spec.py\n"}, ("*_spec.py",), (),
         "setup.cfg"),
        # pyproject.toml without a pytest table is not pytest's config: setup.cfg wins
        ({"pyproject.toml": "[project]\nname = 'p'\n",
          "setup.cfg": "[tool:pytest]\npython_files = c_*.py\n"}, ("c_*.py",), (), "setup.cfg"),
        # pytest.ini wins over pyproject.toml even when empty
        ({"pytest.ini": "", "pyproject.toml": "[tool.pytest.ini_options]\npython_files = 'z.py'\n"},
         ("test_*.py", "*_test.py"), (), "pytest.ini"),
        ({}, ("test_*.py", "*_test.py"), (), None),
    ],
    ids=["ini", "pyproject", "tox", "setup.cfg", "pyproject-without-table", "ini-first", "none"],
)
def test_pytest_settings_found_as_pytest_finds_them(
    tmp_path: Path, files: dict, python_files: tuple, testpaths: tuple, inifile: str | None
) -> None:
    cfg = read_pytest_settings(_write(tmp_path, files))
    assert cfg.python_files == python_files
    assert cfg.testpaths == testpaths
    assert cfg.inifile == inifile


def test_config_above_the_run_folder_within_top(tmp_path: Path) -> None:
    _write(tmp_path, {"pytest.ini": "[pytest]\ntestpaths = sub/checks\naddopts = --doctest-modules\n"})
    sub = tmp_path / "sub"
    sub.mkdir()
    cfg = read_pytest_settings(sub, top=tmp_path)
    assert cfg.inifile == "../pytest.ini" and cfg.testpaths == ("checks",)
    assert cfg.doctest_modules
    assert read_pytest_settings(sub).inifile is None  # top defaults to the run folder


def test_test_command_options_count(tmp_path: Path) -> None:
    cfg = read_pytest_settings(tmp_path, extra_args=["-o", "python_files=chk.py", "--doctest-modules"])
    assert cfg.python_files == ("chk.py",) and cfg.doctest_modules


# ---------------------------------------------------------------------- doctest examples

SRC = '''"""Mod.

>>> 1 + 1
2
"""


class K:
    def f(self):
        """
        >>> K().f()
        3
        """
        return 3
'''


def test_doctest_examples_with_names() -> None:
    assert doctest_examples(SRC) == [("<module>", "1 + 1\n", "2\n"), ("K.f", "K().f()\n", "3\n")]
    assert doctest_examples("def broken(:\n") == []


def test_doctest_changes_detected_code_changes_not() -> None:
    assert doctest_examples_removed(SRC, SRC.replace("return 3", "return 1 + 2")) == []
    assert doctest_examples_removed(SRC, SRC.replace('"""Mod.', '"""Module.')) == []
    assert doctest_examples_removed(SRC, SRC + "\n\ndef g():\n    '''\n    >>> 0\n    0\n    '''\n") == []
    assert doctest_examples_removed(SRC, SRC.replace("        3\n", "        4\n")) == [
        ("K.f", "K().f()\n", "3\n")
    ]
    assert doctest_examples_removed(SRC, SRC.replace(">>> 1 + 1\n2\n", "")) == [
        ("<module>", "1 + 1\n", "2\n")
    ]


# ---------------------------------------------------------------------- the policy


def _refusal(policy: EditPolicy, rel: str, root: Path | None = None) -> str | None:
    r = policy.refusal(rel, root)
    return None if r is None else r.kind


def test_source_only_rule_and_allow_edit() -> None:
    p = EditPolicy()
    for rel in ("data/expected.json", "conf.yaml", "x.csv", "notes.txt", ".gitignore",
                "pkg/.gitattributes", "setup.cfg.bak", "x.egg-link",
                "entry_points.txt", "Makefile"):
        assert _refusal(p, rel) == "not_source", rel
    # packaging metadata is loaded by pytest itself (entry points): read-only in any case
    for rel in ("a.dist-info/METADATA", "a.dist-info/plug.py", "b.egg-info/entry_points.txt",
                "Calc_Helpers.DIST-INFO/entry_points.txt", "lib/X.Egg-Info/PKG-INFO"):
        assert _refusal(EditPolicy(allow_edit=["*"]), rel) == "protected", rel
    for rel in ("calc.py", "src/pkg/mod.py", "pkg/types.pyi", "UPPER.PY"):
        assert _refusal(p, rel) is None, rel
    assert is_source("pkg/mod.py") and not is_source("../mod.py")
    allowed = EditPolicy(allow_edit=["docs/*", "*.yaml"])
    assert _refusal(allowed, "docs/guide.md") is None
    assert _refusal(allowed, "deep/conf.YAML") is None
    assert _refusal(allowed, "data.json") == "not_source"
    # tests stay read-only whatever the user allows
    assert _refusal(EditPolicy(allow_edit=["*"]), "tests/data.json") == "protected"


def test_project_settings_make_test_files(tmp_path: Path) -> None:
    _write(tmp_path, {"tox.ini": "[pytest]\ntestpaths = specs\npython_files = *_spec.py tests.py\n"})
    p = build_policy(tmp_path)
    assert _refusal(p, "specs/calc_spec.py") == "protected"
    assert _refusal(p, "specs/helpers.py") == "protected"  # the whole testpaths tree
    assert _refusal(p, "specs/data.json") == "protected"
    assert _refusal(p, "lib/calc_spec.py") is None  # python_files apply under testpaths only
    assert _refusal(p, "lib/tests.py") is None
    msg = str(p.refusal("specs/calc_spec.py"))
    assert "rule 'tests are read-only'" in msg and "specs/calc_spec.py" in msg and "tox.ini" in msg


def test_a_shipped_package_in_testpaths_keeps_its_code_editable(tmp_path: Path) -> None:
    # toolz 1.2.0: testpaths = ["toolz"], its tests in toolz/tests/: the package is the code
    # under test (a right fix of toolz/itertoolz.py was refused as a test edit)
    _write(tmp_path, {
        "pyproject.toml": '[project]\nname = "Tool-Z"\n[tool.setuptools]\npackages = ["tlz"]\n'
                          '[tool.pytest.ini_options]\ntestpaths = ["tool_z", "tlz", "checks"]\n',
        "tool_z/__init__.py": "", "tool_z/tests/__init__.py": "",
        "tlz/__init__.py": "", "checks/__init__.py": "",
    })
    p = build_policy(tmp_path)
    assert _refusal(p, "tool_z/itertoolz.py") is None  # the project's name, normalized
    assert _refusal(p, "tlz/curried.py") is None  # listed in [tool.setuptools] packages
    assert _refusal(p, "tool_z/tests/test_it.py") == "protected"
    assert _refusal(p, "tool_z/tests/helpers.py") == "protected"
    assert _refusal(p, "tool_z/conftest.py") == "protected"
    assert _refusal(p, "tool_z/data.json") == "protected"  # not source: still the tests'
    # a package the build does not ship stays a test folder, whatever it holds
    assert _refusal(p, "checks/helpers.py") == "protected"
    # without __init__.py a folder named like the project is not its package
    _write(tmp_path, {"pyproject.toml": '[project]\nname = "specs"\n'
                      '[tool.pytest.ini_options]\ntestpaths = ["specs"]\n'})
    assert _refusal(build_policy(tmp_path), "specs/helpers.py") == "protected"


def test_recorded_files_and_shadowing(tmp_path: Path) -> None:
    _write(tmp_path, {"mylib/__init__.py": "", "calc.py": ""})
    record = RunRecord(
        test_modules=["checks.py"], data_read=["fixtures/cases.json"],
        doctest_modules=["calc.py"], provided_names=["yaml", "execnet", "json", "mylib"],
    )
    p = build_policy(tmp_path, record=record, allow_edit=["*"])
    assert _refusal(p, "checks.py") == "protected"
    assert _refusal(p, "fixtures/cases.json") == "protected"
    assert p.doctest_module("calc.py") and not p.doctest_module("other.py")
    for rel in ("yaml.py", "execnet/__init__.py", "src/yaml/__init__.py", "YAML.py"):
        assert _refusal(p, rel, tmp_path) == "shadows", rel
    assert _refusal(p, "mylib/extra.py", tmp_path) is None  # the project's own package
    assert _refusal(p, "pkg/yaml.py", tmp_path) is None  # not top-level
    assert "rule 'no shadowing'" in str(p.refusal("yaml.py", tmp_path))


# ---------------------------------------------------------------------- through the tools


def test_tools_refuse_with_rule_and_path(tmp_path: Path) -> None:
    root = _write(tmp_path, {"pytest.ini": "[pytest]\naddopts = --doctest-modules\n",
                             "temp.py": SRC, "data.json": "{}\n"})
    ws = Workspace(root, policy=build_policy(root))
    tools = Tools(ws, None)
    r = tools.call("edit_file", {"path": "data.json", "old": "{}", "new": "[]"})
    assert r.is_error and r.kind == "not_source" and "data.json" in r.content
    r = tools.call("edit_file", {"path": "temp.py", "old": "        3\n", "new": "        4\n"})
    assert r.is_error and r.kind == "protected" and "doctest" in r.content and "temp.py" in r.content
    assert tools.refused_test_edits == 1
    r = tools.call("edit_file", {"path": "temp.py", "old": "return 3", "new": "return 2 + 1"})
    assert not r.is_error, r.content
    with pytest.raises(PathRefused) as e:
        ws.resolve(".gitignore", write=True, must_exist=False)
    assert e.value.kind == "not_source"


def test_allow_edit_is_the_users_not_the_repositorys(tmp_path: Path) -> None:
    repo = _write(tmp_path / "repo", {"fixloop.toml": "allow_edit = ['*']\n"})
    user = _write(tmp_path, {"user.toml": "allow_edit = ['docs/*']\n"}) / "user.toml"
    s, notices = load_settings(repo, {"allow_edit": ["*.json"]}, env={"FIXLOOP_CONFIG": str(user)})
    assert s.allow_edit == ["docs/*", "*.json"]
    assert any("allow_edit" in n and "cannot change what the model may edit" in n for n in notices)
