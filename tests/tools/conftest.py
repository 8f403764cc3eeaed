"""Fixtures of the tools tests: a repository to change, a shared read-only one, Tools on each."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import init_repo

from fixloop.tools import Tools
from fixloop.workspace import Workspace
from tools.support import FILES, FakeRunner


@pytest.fixture
def repo(make_repo) -> Path:
    return make_repo(FILES)


@pytest.fixture(scope="module")
def ro_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One repository shared by tests that must not change it (refusals, validation)."""
    root = tmp_path_factory.mktemp("ro") / "repo"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return init_repo(root)


@pytest.fixture
def ro_tools(ro_repo: Path) -> Tools:
    return Tools(Workspace(ro_repo), FakeRunner())


@pytest.fixture
def tools(repo: Path) -> Tools:
    return Tools(Workspace(repo), FakeRunner())
