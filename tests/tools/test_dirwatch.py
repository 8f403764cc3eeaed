"""fixloop.tools.dirwatch: inotify watches report exactly the changes of folders' name lists."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from fixloop.tools import Tools, dirwatch, listing
from fixloop.workspace import Workspace


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(dirwatch, "MIN_DIRS", 1)
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "f.py").write_text("x = 1\n")
    return tmp_path


def _watch(tree: Path) -> dirwatch.DirWatch:
    w = dirwatch.start([str(tree), str(tree / "a"), str(tree / "a" / "b")])
    assert w is not None
    return w


def test_writes_and_file_attributes_are_not_changes(tree: Path) -> None:
    w = _watch(tree)
    f = tree / "a" / "b" / "f.py"
    f.write_text("x = 2\n")
    os.chmod(f, 0o600)
    os.utime(f, (1_600_000_000, 1_600_000_000))
    assert not w.changed()
    w.close()


@pytest.mark.parametrize(
    "change",
    ["create", "remove", "rename", "mkdir", "rmdir", "folder mode", "replace by rename"],
)
def test_each_change_of_a_name_list_is_seen(tree: Path, change: str) -> None:
    w = _watch(tree)
    b = tree / "a" / "b"
    if change == "create":
        (b / "g.py").write_text("")
    elif change == "remove":
        (b / "f.py").unlink()
    elif change == "rename":
        (b / "f.py").rename(b / "g.py")
    elif change == "mkdir":
        (b / "sub").mkdir()
    elif change == "rmdir":
        (b / "f.py").unlink()
        b.rmdir()
    elif change == "folder mode":
        os.chmod(b, 0o700)
    else:
        (b / "f.py.tmp").write_text("x = 3\n")
        os.replace(b / "f.py.tmp", b / "f.py")
    assert w.changed()
    assert w.changed()  # sticky
    w.close()


def test_too_few_folders_or_too_many_open_use_stat(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dirwatch, "MIN_DIRS", 4)
    assert dirwatch.start([str(tree), str(tree / "a"), str(tree / "a" / "b")]) is None
    monkeypatch.setattr(dirwatch, "MIN_DIRS", 1)
    gc.collect()  # watches of earlier tests' listings closed now, not in the middle
    first = _watch(tree)
    monkeypatch.setattr(dirwatch, "MAX_OPEN", dirwatch._OPEN[0])
    assert dirwatch.start([str(tree)]) is None  # the process's share is used up
    first.close()
    first.close()  # idempotent: counted once
    second = _watch(tree)
    second.close()
    # a folder that is gone: no watch (the caller stats instead), nothing left open
    before = dirwatch._OPEN[0]
    assert dirwatch.start([str(tree), str(tree / "gone")]) is None
    assert dirwatch._OPEN[0] == before


def test_another_process_does_not_read_the_queue(tree: Path) -> None:
    w = _watch(tree)
    w.pid = -1  # as in a forked child
    assert not w.usable()
    with pytest.raises(RuntimeError):
        w.changed()


def _files(tools: Tools) -> str:
    return tools.call("search_code", {"pattern": "needle"}).content


def test_a_forked_child_checks_the_listing_by_stat(tree: Path) -> None:
    ws = Workspace(tree)
    t = Tools(ws, None)
    assert "No matches" in _files(t)
    watch = listing._CACHE[ws].watch
    assert watch is not None
    watch.pid = -1  # this process now plays a forked child: the watch is not its own
    (tree / "a" / "b" / "n.py").write_text("needle = 1\n")
    assert "a/b/n.py:1: needle = 1" in _files(t)


def test_a_change_before_the_watches_were_set_is_not_lost(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_start = dirwatch.start

    def late_start(folders: list[str]) -> dirwatch.DirWatch | None:
        # a folder made after the walk listed its parent, before the watches were set:
        # the files listed after include it, its own watch does not exist
        (tree / "a" / "late").mkdir()
        return real_start(folders)

    monkeypatch.setattr(dirwatch, "start", late_start)
    ws = Workspace(tree)
    t = Tools(ws, None)
    assert "No matches" in _files(t)
    monkeypatch.setattr(dirwatch, "start", real_start)
    (tree / "a" / "late" / "n.py").write_text("needle = 2\n")
    assert "a/late/n.py:1: needle = 2" in _files(t)
