"""Package roots of a project's tree and the import check (fixloop.testrun.projectpaths)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fixloop.sandbox import make_sandbox
from fixloop.testrun import TestRunner
from fixloop.testrun.projectpaths import (
    declared_packages,
    outside_imports,
    package_roots,
    top_level_packages,
)


@pytest.fixture
def box():
    """The sandbox the import probe runs in: bubblewrap (or what "auto" finds), else none."""
    from test_e2e import default_sandbox_args

    if default_sandbox_args():
        return make_sandbox("none", allow_unsandboxed=True)
    return make_sandbox("auto")


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return root


@pytest.mark.parametrize(
    ("files", "roots"),
    [
        ({"src/pkg/__init__.py": ""}, ["src"]),
        ({"pkg/__init__.py": ""}, []),
        ({"src/README.md": ""}, []),  # a src/ folder without code is not a root
        (
            {
                "pyproject.toml": '[tool.setuptools.packages.find]\nwhere = ["lib"]\n',
                "lib/a/__init__.py": "",
            },
            ["lib"],
        ),
        (
            {
                "pyproject.toml": '[tool.setuptools]\npackage-dir = {"meters" = "code/meters"}\n',
                "code/meters/__init__.py": "",
            },
            ["code"],
        ),
        (
            {"setup.cfg": "[options]\npackage_dir =\n    =source\n", "source/x.py": ""},
            ["source"],
        ),
        (
            {
                "pyproject.toml": '[tool.hatch.build.targets.wheel]\npackages = ["py/tool"]\n',
                "py/tool/__init__.py": "",
            },
            ["py"],
        ),
        (
            {
                "pyproject.toml": '[tool.poetry]\npackages = [{include = "b", from = "pysrc"}]\n',
                "pysrc/b/__init__.py": "",
            },
            ["pysrc"],
        ),
        (  # a folder outside the tree is never a root
            {"pyproject.toml": '[tool.setuptools.packages.find]\nwhere = ["../elsewhere"]\n'},
            [],
        ),
    ],
)
def test_package_roots(tmp_path: Path, files: dict[str, str], roots: list[str]) -> None:
    assert package_roots(write(tmp_path, files)) == roots


def test_declared_and_top_level(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.setuptools]\npackage-dir = {"tally" = "source", "" = "."}\n',
            "source/__init__.py": "",
            "tests/test_x.py": "",
            "setup.py": "",
            "tool.py": "",
            "pkg/__init__.py": "",
        },
    )
    assert declared_packages(root) == {"tally": root / "source"}
    assert top_level_packages(root) == ["pkg", "source", "tool"]


def test_outside_imports(tmp_path: Path) -> None:
    root = tmp_path / "run"
    (root / "src" / "a").mkdir(parents=True)
    origins = {
        "a": str(root / "src" / "a" / "__init__.py"),
        "b": "/home/me/app/src/b/__init__.py",
        "c": None,
    }
    assert outside_imports(origins, root) == [
        "b: from /home/me/app/src/b/__init__.py",
        "c: not importable",
    ]


def test_import_origins_in_the_sandbox(tmp_path: Path, box) -> None:
    """src/ goes before the root; a folder of another name than its package is not found."""
    root = write(
        tmp_path / "repo",
        {
            "src/stock/__init__.py": "raise SystemExit('never executed by the probe')\n",
            "pyproject.toml": '[tool.setuptools]\npackage-dir = {"tally" = "source"}\n',
            "source/__init__.py": "",
        },
    )
    runner = TestRunner(root, box, log_dir=tmp_path / "logs")
    assert runner.package_dirs == ["src"]
    assert runner.project_packages() == ["stock", "tally"]
    origins = runner.import_origins(runner.project_packages())
    assert origins["stock"] == str(root / "src" / "stock" / "__init__.py")
    assert origins["tally"] is None
    assert outside_imports(origins, root) == ["tally: not importable"]


def test_import_probe_asks_behind_the_gates_guard(tmp_path: Path, box) -> None:
    """A package of pytest's ecosystem in the tree resolves where the gate's runs take it from
    (the interpreter's copy): import_problem names it. A root-level module named like one of
    the standard library (a script no test imports) stays the tree's and stops nothing."""
    from fixloop.testrun.projectpaths import import_problem

    root = write(
        tmp_path / "repo",
        {"iniconfig/__init__.py": "raise SystemExit('never executed')\n", "profile.py": "x = 1\n"},
    )
    runner = TestRunner(root, box, log_dir=tmp_path / "logs")
    origins = runner.import_origins(["iniconfig", "profile"])
    assert origins["profile"] == str(root / "profile.py")
    assert origins["iniconfig"] and not origins["iniconfig"].startswith(str(root))
    problem = import_problem(runner)
    assert problem is not None and problem.kind == "import_outside"
    assert "the project provides iniconfig, part of the test runner" in problem.cause
    assert "profile" not in problem.cause


def test_packages_pytest_imports_only_elsewhere_are_the_projects_own(tmp_path: Path, box) -> None:
    """colorama (pytest imports it on Windows only), tomli and exceptiongroup (before Python
    3.11) are ordinary projects here: colorama 0.4.6's own checkout stopped as "the project
    provides colorama, part of the test runner" before the model's first step."""
    from fixloop.testrun.projectpaths import import_problem

    root = write(
        tmp_path / "repo",
        {
            "colorama/__init__.py": "x = 1\n",
            "tomli/__init__.py": "x = 1\n",
            "tests/test_x.py": "def test_x():\n    pass\n",
        },
    )
    runner = TestRunner(root, box, log_dir=tmp_path / "logs")
    origins = runner.import_origins(["colorama", "tomli"])
    assert origins == {
        "colorama": str(root / "colorama" / "__init__.py"),
        "tomli": str(root / "tomli" / "__init__.py"),
    }
    assert import_problem(runner) is None


def test_a_symbolic_link_loop_in_the_tree_is_no_package(tmp_path: Path) -> None:
    """newcomer F36: a committed loop1 -> loop2 -> loop1 raised ELOOP out of DirEntry.is_dir."""
    root = write(tmp_path / "repo", {"calc.py": "x = 1\n", "pkg/__init__.py": ""})
    (root / "loop2").symlink_to("loop1")
    (root / "loop1").symlink_to("loop2")
    assert top_level_packages(root) == ["calc", "pkg"]
