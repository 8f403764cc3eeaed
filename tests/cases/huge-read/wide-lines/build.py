"""Wide lines for the ``wide-lines`` huge-read variant, written at test time.

``banner.txt`` has 30 lines of 40,000 characters each; ``bands/`` has 300 small modules whose
lines are 500 characters wide, all matching ``band``, so a listing and a search are both long.
"""

from __future__ import annotations

from pathlib import Path


def build(root: Path) -> None:
    """Write ``banner.txt``, ``banner.py`` (the code under test) and ``bands/*.py``."""
    (root / "banner.txt").write_text("".join(f"{i:02d} " + "=" * 40_000 + "\n" for i in range(30)))
    (root / "banner.py").write_text("def width():\n    return 79\n")
    bands = root / "bands"
    bands.mkdir(exist_ok=True)
    for i in range(300):
        body = "".join(f"band_{j} = '{'~' * 480}'\n" for j in range(8))
        (bands / f"band_{i:03d}.py").write_text(body)
