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


def test_screener_tells_its_package_roots_and_run_limits(tmp_path) -> None:
    """The public accessors the extra-input probe (agree.py) uses instead of private state."""
    import sys

    from fixloop.repair.screen import WarmScreener
    from fixloop.sandbox import make_sandbox
    from fixloop.types import Limits

    root = tmp_path / "work"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    screener = WarmScreener(
        make_sandbox("none", allow_unsandboxed=True),
        root,
        tmp_path / "engine",
        python=sys.executable,
        limits=Limits(wall_s=999.0, memory_mb=1234, output_bytes=10_000_000),
    )
    dirs = screener.package_dirs
    assert dirs == ["src"]
    dirs.append("elsewhere")  # a copy: the server's jobs keep the tree's own roots
    assert screener.package_dirs == ["src"]
    limits = screener.run_limits(7.5)
    assert (limits.wall_s, limits.memory_mb, limits.output_bytes) == (7.5, 1234, 200_000)
