"""Writes a small JSON report (the total ignores the last row)."""

import json


def export(path, rows):
    """Write ``rows`` and their total to ``path`` as JSON."""
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({"rows": len(rows), "total": sum(r["amount"] for r in rows[:-1])}, fh)
        fh.write("\n")
