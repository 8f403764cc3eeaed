"""bwrap shows a tree at another path (Sandbox.run's ``place``): the user's checkout's path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from fixloop.sandbox import make_sandbox
from fixloop.sandbox.bwrap import place_argv
from fixloop.types import Limits


def test_the_tree_path_is_replaced_in_each_argument() -> None:
    cfg = json.dumps(
        {"root": "/r/gate-1/tree", "ids": ["/r/gate-1/tree/t.py::f"], "x": "/r/gate-1/treeX"}
    )
    out = place_argv(
        ["/r/gate-1/tree", cfg, repr(cfg), "/r/gate-1/trees"], "/r/gate-1/tree", "/home/ann/proj"
    )
    assert out[0] == "/home/ann/proj"
    assert json.loads(out[1]) == {
        "root": "/home/ann/proj",
        "ids": ["/home/ann/proj/t.py::f"],
        "x": "/r/gate-1/treeX",
    }
    assert out[2] == repr(out[1]) and out[3] == "/r/gate-1/trees"
    # the JSON-escaped spelling of a non-ASCII path too
    esc = place_argv([json.dumps({"root": "/r/trée"})], "/r/trée", "/home/zoë/p")
    assert json.loads(esc[0]) == {"root": "/home/zoë/p"}


PROBE = (
    "import json, os, sys; print('OUT', json.dumps([os.getcwd(), os.environ['PWD'], sys.argv[1],"
    " sorted(os.listdir('sub')), os.path.exists(sys.argv[2]), os.access('sub', os.W_OK)]))"
)


def test_bwrap_shows_the_tree_at_the_user_path_and_hides_what_is_there(tmp_path: Path) -> None:
    try:
        box = make_sandbox("bwrap")
    except Exception as e:  # noqa: BLE001 - bwrap may be missing on a developer's machine
        pytest.skip(str(e))
    tree = tmp_path / "runs" / "r1" / "gate" / "gate-1-x" / "tree"
    (tree / "sub").mkdir(parents=True)
    (tree / "sub" / "m.py").write_text("")
    user = tmp_path / "user" / "proj"  # the user's checkout, with a file the sandbox must not see
    (user / "sub").mkdir(parents=True)
    (user / "sub" / "secret.txt").write_text("private")
    res = box.run(
        [sys.executable, "-c", PROBE, str(tree / "sub" / "m.py"), str(user / "sub" / "secret.txt")],
        cwd=tree,
        limits=Limits(wall_s=30),
        rw_paths=[tree],
        place=(tree, user),
    )
    line = next(ln for ln in res.output.splitlines() if ln.startswith("OUT "))
    cwd, pwd, arg, names, secret_seen, writable = json.loads(line[4:])
    assert cwd == pwd == str(user)
    assert arg == str(user / "sub" / "m.py")  # the argument names the shown path
    assert names == ["m.py"] and not secret_seen and writable
    assert not (user / "sub" / "m.py").exists()  # nothing of the tree reached the user's folder
