"""A UTF-16 text file for the ``utf16`` variant, written at test time.

UTF-16 puts a NUL beside every ASCII character; fixloop edits UTF-8 and 8-bit text only, so the
file is binary to its tools even though the word "lookup" is in it.
"""

from __future__ import annotations

from pathlib import Path


def build(root: Path) -> None:
    """Write ``docs/colours.txt`` in UTF-16 (with its byte order mark)."""
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    text = "Colour names: use lookup(name) to get a hex code.\n" * 20
    (docs / "colours.txt").write_bytes(text.encode("utf-16"))
