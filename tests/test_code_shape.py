"""benchmarks/code_shape.py measures what it says, on a tiny package of its own."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("code_shape", ROOT / "benchmarks" / "code_shape.py")
assert _spec is not None and _spec.loader is not None
code_shape = importlib.util.module_from_spec(_spec)
sys.modules["code_shape"] = code_shape  # its dataclass looks its module up
_spec.loader.exec_module(code_shape)

TABLE = """# arch

## Layout

| Layer | Modules (under `src/fixloop/`) | Concern |
|---|---|---|
| top | `front.py`, `pkg/` (`a`, `b`) | the top |
| bottom | `base.py`, `pkg/low.py` | the bottom |

## Next
"""


def checkout(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in {"docs/architecture.md": TABLE, **files}.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return tmp_path


def test_cycles_upward_imports_and_sizes(tmp_path: Path) -> None:
    root = checkout(
        tmp_path,
        {
            "src/fixloop/__init__.py": "",
            "src/fixloop/front.py": "from fixloop import base\n\n\nclass Gate:\n    pass\n",
            "src/fixloop/base.py": (
                "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from fixloop import front\n"
                "import fixloop.pkg.low\n"
            ),
            "src/fixloop/pkg/__init__.py": "",
            "src/fixloop/pkg/a.py": "from fixloop.pkg import b\n",
            "src/fixloop/pkg/b.py": (
                "from . import a\n\n\ndef later():\n    from fixloop import front\n"
                "    return front\n"
            ),
            "src/fixloop/pkg/low.py": "from fixloop.pkg.a import x\n\n\ndef f():\n"
            + "    x = 1\n" * 9,
            "src/fixloop/odd.py": "",
        },
    )
    r = code_shape.measure(root, 3)
    # a <-> b is a cycle; front is imported only under TYPE_CHECKING or inside a function
    assert r["cycles"] == [["fixloop.pkg.a", "fixloop.pkg.b"]]
    assert r["upward_imports"] == ["fixloop.pkg.low (bottom) -> fixloop.pkg.a (top)"]
    assert r["unplaced_modules"] == ["fixloop.odd"]
    assert r["gate"] == ["front.py", 5]
    assert r["longest_functions"][0] == ["pkg/low.py:f", 10]
    assert r["longest_files"][0] == ["pkg/low.py", 13]
    assert r["over_limit"] == []


def test_the_project_itself_has_no_cycle_and_no_upward_import() -> None:
    r = code_shape.measure(ROOT, 3)
    assert r["cycles"] == [] and r["upward_imports"] == []
