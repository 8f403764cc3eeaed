"""search_code takes the kinds of files git reports unchanged from their blobs (cleanfiles).

The kinds must still follow every change a file can go through between two searches: edits
in place (text to binary, to empty, past the size cap), files git is told not to check
(assume-unchanged), links and untracked files.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from fixloop.tools import Caps, Tools, cleanfiles
from fixloop.workspace import Workspace

OLD = 1_600_000_000  # a past mtime (s): kinds are remembered only for files older than the check


def _aged(root: Path) -> Path:
    for dirpath, _, names in os.walk(root):
        if ".git" in Path(dirpath).parts:
            continue
        for n in names:
            os.utime(os.path.join(dirpath, n), (OLD, OLD), follow_symlinks=False)
    subprocess.run(["git", "update-index", "--refresh", "-q"], cwd=root, check=False)
    return root


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, check=True, capture_output=True, text=True
    ).stdout


def test_clean_lists_the_unchanged_tracked_regular_files(make_repo) -> None:
    root = _aged(make_repo({"a.txt": "one\n", "b.txt": "two\n", "d/e.txt": "three\n"}))
    os.symlink("a.txt", root / "link.txt")
    _git(root, "add", "link.txt")
    _git(root, "-c", "user.email=t@e", "-c", "user.name=t", "commit", "-qm", "link")
    (root / "b.txt").write_text("changed\n")
    (root / "new.txt").write_text("untracked\n")
    check = cleanfiles.start(str(root))
    assert check is not None
    clean = check.clean()
    assert set(clean) == {"a.txt", "d/e.txt"}
    assert clean["a.txt"] == _git(root, "rev-parse", "HEAD:a.txt").strip()


def test_a_folder_outside_git_has_no_clean_files(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x\n")
    check = cleanfiles.start(str(tmp_path))
    assert check is None or check.clean() == {}


def _search(tools: Tools, pattern: str) -> list[str]:
    return tools.call("search_code", {"pattern": pattern}).content.splitlines()


def test_kinds_follow_changes_in_place(make_repo) -> None:
    files = {f"f{i}.txt": f"needle {i}\n" for i in range(4)}
    root = _aged(make_repo(files))
    tools = Tools(Workspace(root), None, caps=Caps(search_file_bytes=200))
    for _ in range(2):  # the second search takes the kinds from the blobs
        out = _search(tools, "needle")
        assert out[0].startswith("4 hit(s) in 4 file(s)")
    (root / "f0.txt").write_bytes(b"needle\x00binary\n")
    (root / "f1.txt").write_text("needle\n" * 40)  # past the 200-byte cap
    (root / "f2.txt").write_text("")
    out = _search(tools, "needle")
    assert out[0].startswith("1 hit(s) in 1 file(s)"), out
    assert "skipped 1 binary file(s)" in out[0] and "1 file(s) over 200 bytes" in out[0]
    assert out[1:] == ["f3.txt:1: needle 3"]
    assert _search(tools, "^$")[1:] == ["f2.txt:1: "]


def test_an_assume_unchanged_file_is_still_checked(make_repo) -> None:
    root = _aged(make_repo({"a.txt": "needle\n", "b.txt": "needle\n"}))
    tools = Tools(Workspace(root), None)
    assert _search(tools, "needle")[0].startswith("2 hit(s)")
    assert _search(tools, "needle")[0].startswith("2 hit(s)")
    _git(root, "update-index", "--assume-unchanged", "a.txt")
    (root / "a.txt").write_bytes(b"needle\x00\n")  # git does not look: diff-files is silent
    out = _search(tools, "needle")
    assert out[0].startswith("1 hit(s)") and "skipped 1 binary file(s)" in out[0], out
