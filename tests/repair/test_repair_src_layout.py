"""The offline engine on a src-layout project: its analysis imports the run tree's ``src/``.

Before this, the runner put ``src/`` first on ``sys.path`` but the engine's screening server put
only the tree's root there, so ``import tallyx`` failed in every analysis run and the engine
screened 0 candidates ("No plausible patch") on a bug it fixes in a flat layout (found by a
newcomer on humanize 4.9.0, a src-layout project with an editable install).
"""

from __future__ import annotations

import json

from test_e2e import default_sandbox_args, run_cli

FILES = {
    "src/tallyx/__init__.py": (
        "def total(values):\n    acc = 0\n    for v in values:\n        acc -= v\n    return acc\n"
    ),
    "tests/test_tally.py": (
        "from tallyx import total\n\n\n"
        "def test_total():\n    assert total([1, 2, 3]) == 6\n\n\n"
        "def test_empty():\n    assert total([]) == 0\n"
    ),
    "pyproject.toml": (
        '[project]\nname = "tallyx"\nversion = "0.1"\n\n'
        '[tool.setuptools.packages.find]\nwhere = ["src"]\n'
    ),
}


def test_repair_engine_fixes_a_src_layout_bug(make_repo, tmp_path) -> None:
    repo = make_repo(FILES)
    args = ["fix", str(repo), "--model", "repair", "--json", *default_sandbox_args()]
    res = run_cli(args, tmp_path / "home")
    out = json.loads(res.stdout)
    assert out["status"] == "verified", out["summary"]
    assert "acc += v" in out["diff"]
