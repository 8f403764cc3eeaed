"""fixloop.tools.listing: search_code's kept file list follows every change that decides it.

Every test runs twice: folders checked by their ``stat`` data, and by inotify watches
(:mod:`fixloop.tools.dirwatch`, made to apply to these small trees).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from fixloop.tools import Tools, dirwatch
from fixloop.tools.listing import listed_files, listed_files_unchecked
from fixloop.workspace import Workspace


def _search(t: Tools, pattern: str, **kw: object) -> str:
    return t.call("search_code", {"pattern": pattern, **kw}).content


@pytest.fixture(params=["stat", "inotify"], autouse=True)
def folder_check(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Which check the listing uses: ``stat`` of each folder, or inotify watches."""
    if request.param == "inotify":
        monkeypatch.setattr(dirwatch, "MIN_DIRS", 1)
    else:
        monkeypatch.setattr(dirwatch, "MIN_DIRS", 10**9)
    return str(request.param)


def _uses(ws: Workspace, folder_check: str) -> None:
    """The listing of ``ws`` checks its folders the way ``folder_check`` says."""
    from fixloop.tools.listing import _CACHE

    watch = _CACHE[ws].watch
    assert (watch is not None) == (folder_check == "inotify")


@pytest.fixture
def repo(make_repo) -> Path:
    return make_repo(
        {
            "pkg/a.py": "needle = 1\n",
            "pkg/sub/b.py": "other = 2\n",
            "build/out.o": "needle in an ignored file\n",
            ".gitignore": "*.o\n",
        }
    )


def test_listing_follows_new_removed_and_ignored_files(repo: Path, folder_check: str) -> None:
    ws = Workspace(repo)
    t = Tools(ws, None)
    assert "1 hit(s) in 1 file(s)" in _search(t, "needle")
    _uses(ws, folder_check)
    # a new untracked file in a folder, in a new folder, and in a folder of ignored files only
    (repo / "pkg" / "c.py").write_text("needle = 3\n")
    (repo / "newdir").mkdir()
    (repo / "newdir" / "d.py").write_text("needle = 4\n")
    (repo / "build" / "e.py").write_text("needle = 5\n")
    out = _search(t, "needle")
    assert "4 hit(s) in 4 file(s)" in out and "build/e.py:1" in out and "build/out.o" not in out
    assert listed_files(ws, ".") == list(ws.iter_files("."))
    # an ignore rule changed in place, a file removed
    with open(repo / ".gitignore", "a") as fh:
        fh.write("newdir/\n")
    (repo / "pkg" / "c.py").unlink()
    out = _search(t, "needle")
    assert "2 hit(s) in 2 file(s)" in out and "newdir" not in out and "pkg/c.py" not in out
    assert listed_files(ws, ".") == list(ws.iter_files("."))
    assert listed_files(ws, "pkg") == list(ws.iter_files("pkg")) == ["pkg/a.py", "pkg/sub/b.py"]


def test_listing_follows_the_index_and_links(repo: Path) -> None:
    ws = Workspace(repo)
    t = Tools(ws, None)
    _search(t, "needle")
    # an ignored file added by force: tracked now, and no folder of the tree changed
    subprocess.run(["git", "add", "-f", "build/out.o"], cwd=repo, check=True)
    assert "build/out.o:1: needle in an ignored file" in _search(t, "needle")
    assert listed_files(ws, ".") == list(ws.iter_files("."))
    # a file replaced by a link that leaves the workspace is no longer searched
    outside = repo.parent / "secret.txt"
    outside.write_text("needle outside\n")
    os.unlink(repo / "pkg" / "a.py")
    os.symlink(outside, repo / "pkg" / "a.py")
    out = _search(t, "needle")
    assert "1 hit(s) in 1 file(s)" in out and "build/out.o" in out and "pkg/a.py" not in out
    assert listed_files(ws, ".") == list(ws.iter_files("."))


def test_unchecked_listing_says_when_it_changed(repo: Path, folder_check: str) -> None:
    ws = Workspace(repo)
    first, recheck = listed_files_unchecked(ws, ".")
    assert recheck() is None  # a first call lists afresh
    _uses(ws, folder_check)
    same, recheck = listed_files_unchecked(ws, ".")
    assert same == first and recheck() is None
    (repo / "pkg" / "new.py").write_text("x = 1\n")
    old, recheck = listed_files_unchecked(ws, ".")
    assert old == first  # as last listed
    new = recheck()
    assert new is not None and "pkg/new.py" in new and recheck() is new  # answered once
    # an edit that rewrites a file through a rename changes its folder, not the list
    p = repo / "pkg" / "a.py"
    tmp = repo / "pkg" / ".a.py.tmp"
    tmp.write_text("needle = 10\n")
    os.replace(tmp, p)
    again, recheck = listed_files_unchecked(ws, ".")
    assert recheck() is None and again == new


def test_a_binary_file_that_becomes_text_is_searched(repo: Path) -> None:
    t = Tools(Workspace(repo), None)
    blob = repo / "pkg" / "blob.dat"
    blob.write_bytes(b"needle\x00\x01\x02")
    assert "skipped 1 binary file(s)" in _search(t, "needle")
    blob.write_bytes(b"needle as text now\n")  # rewritten in place: the folder is unchanged
    out = _search(t, "needle")
    assert "pkg/blob.dat:1: needle as text now" in out and "binary" not in out
