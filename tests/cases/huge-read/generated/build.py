"""Large files for the ``generated`` huge-read variant, written at test time.

- ``catalog.json``: about 2.4 MB of JSON on one line (a line cap alone lets it through);
- ``table.py``: a module of 60,001 lines (a function per three lines);
- every function returns ``n``, so ``search_code("return n")`` has 20,000 hits.
"""

from __future__ import annotations

import json
from pathlib import Path

FUNCTIONS = 20_000


def build(root: Path) -> None:
    """Write ``catalog.json`` and ``table.py`` under ``root``."""
    items = [
        {"sku": f"SKU-{i:06d}", "name": f"item number {i}", "price": i % 997} for i in range(40_000)
    ]
    (root / "catalog.json").write_text(json.dumps({"items": items}))
    lines = ["def pick(n):\n    return n\n"]
    lines += [f"def f{i}(n):\n    return n\n\n" for i in range(FUNCTIONS - 1)]
    (root / "table.py").write_text("".join(lines))
