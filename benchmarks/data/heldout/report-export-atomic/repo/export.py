"""Export report rows to a CSV file atomically (write a temporary file, then rename)."""

import csv
from pathlib import Path


def format_row(row, columns):
    """The cells of ``row`` (a dict) in column order; missing cells are empty."""
    return ["" if row.get(c) is None else str(row[c]) for c in columns]


def export_csv(rows, output, columns=None):
    """Write ``rows`` to ``output`` (a path) and return the number of rows written.

    The file appears complete or not at all: rows go to ``<output>.tmp`` first.
    """
    output = Path(output)
    if columns is None:
        columns = sorted({key for row in rows for key in row})
    tmp = output.with_name(output.name + ".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(columns)
        for row in rows:
            writer.writerow(format_row(row, columns))
    tmp.replace(output_path)
    return len(rows)
