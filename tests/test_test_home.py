"""The test suite never writes the user's own ``~/.fixloop`` (tests/conftest.py's autouse home).

A run a test starts, through ``CodingAgent`` or the CLI in-process, records its trajectory and
worktree under ``fixloop_home()``; these checks pin that folder under pytest's base temporary
folder for a test that asks for no home of its own, and show that ``private_home`` still wins.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fixloop.trajectory import fixloop_home


def test_a_test_without_a_home_of_its_own_writes_under_pytests_temporary_folder(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    home = fixloop_home().resolve()
    assert home.is_relative_to(tmp_path_factory.getbasetemp().resolve())
    assert not home.is_relative_to((Path.home() / ".fixloop").resolve())


@pytest.mark.usefixtures("private_home")
def test_private_home_still_gives_the_test_its_own_folder(tmp_path: Path) -> None:
    assert fixloop_home() == tmp_path / "home"
