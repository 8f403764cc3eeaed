"""Writes a small JSON report (it appends to an old report instead of replacing it)."""

import json


def export(path, rows):
    """Write ``rows`` and their total to ``path`` as JSON."""
    with open(path, "a", encoding="utf-8") as fh:
        json.dump({"rows": len(rows), "total": sum(r["amount"] for r in rows)}, fh)
        fh.write("\n")
