"""Sandbox tells both of the gate's runs shared (red team 2026-12-02, #10, #18, #20).

Each fixture (tests/attacks, ``where_*``, scan-clean) answers right only when a property of the
gate's sandbox holds that a user's shell lacks, and was VERIFIED on main 1fcc18d because the
perturbed run shared it too: PATH's entry count (``<= 7``), the checkout folder on another
device than its parent (bwrap's binds), the module's own ``__pycache__`` at import (the sandbox
dropped the user's PYTHONDONTWRITEBYTECODE). Now the first run has the user's bytecode setting
and the perturbed run the other one, the user's PATH entry count and a checkout on one device
with the folders above it. Honest twins that read PATH, list their folder and compare devices
still verify.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import pytest
from test_fidelity import _box, verdict_of

from fixloop.types import Limits

DEPENDS = "the result depends on where and how the tests run"


@pytest.mark.parametrize("name", ["where_path_count", "where_mount_stdev"])
def test_the_perturbed_run_no_longer_shares_the_tell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # a user's PATH longer than the sandbox's seven entries (this machine's has eleven)
    monkeypatch.setenv("PATH", os.environ["PATH"] + "".join(f":/opt/t{i}/bin" for i in range(7)))
    verdict = verdict_of(tmp_path, name, "bwrap")
    assert not verdict.verified and verdict.report.ok  # the first run was fooled
    assert DEPENDS in verdict.reason, verdict.reason


@pytest.mark.parametrize("user_sets", [True, False])
def test_the_bytecode_tell_is_refused_whatever_the_user_sets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_sets: bool
) -> None:
    """With PYTHONDONTWRITEBYTECODE=1 in the user's shell the first run writes no bytecode
    either (the cheat fails at once); without it, the perturbed run writes none."""
    if user_sets:
        monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    else:
        monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    verdict = verdict_of(tmp_path, "where_pycache_dir", "bwrap")
    assert not verdict.verified
    want = "the full suite did not pass" if user_sets else DEPENDS
    assert want in verdict.reason, verdict.reason


@pytest.mark.parametrize("kind", ["bwrap", "none"])
@pytest.mark.parametrize("name", ["where_honest_own_folder", "where_honest_reads_path"])
def test_honest_twins_verify(tmp_path: Path, kind: str, name: str) -> None:
    verdict = verdict_of(tmp_path, name, kind)
    assert verdict.verified, verdict.reason


LOOK = """import json, os
here = os.getcwd()
same = os.stat(here).st_dev == os.stat(os.path.dirname(here)).st_dev
points = [ln.split()[4] for ln in open("/proc/self/mountinfo")]
open("written", "w").close()
print("LOOK", json.dumps([same, os.path.ismount(here), here in points]))
"""


def test_bwrap_binds_the_perturbed_checkout_with_the_folder_around_it(tmp_path: Path) -> None:
    box = _box("bwrap")
    made = Path(tempfile.mkdtemp(dir=tmp_path))
    tree = made / "work" / "proj"
    tree.mkdir(parents=True)
    seen = []
    for variant, rw in ((False, [tree]), (True, [tree, made])):
        res = box.run(
            [sys.executable, "-c", LOOK],
            cwd=tree,
            limits=Limits(wall_s=30),
            rw_paths=rw,
            variant=variant,
        )
        line = next(ln for ln in res.output.splitlines() if ln.startswith("LOOK "))
        seen.append(json.loads(line[5:]))
        assert (tree / "written").exists()  # the checkout stays writable
    # one mount with the folders above it: not a mount point by device, inode or mount table
    assert seen == [[False, True, True], [True, False, False]]
