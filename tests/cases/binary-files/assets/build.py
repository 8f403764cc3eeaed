"""Binary files for the ``assets`` variant, written at test time (no binary blob is committed).

``img/swatch.png`` starts with the PNG signature; ``img/palette.bin`` holds NUL bytes around the
word the script searches for, so a search that read it as text would report a hit there.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def build(root: Path) -> None:
    """Write the two binary files under ``root/img``."""
    img = root / "img"
    img.mkdir(parents=True, exist_ok=True)
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)  # 2x2 pixels, 8-bit RGB
    chunk = b"IHDR" + header
    png = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(header)) + chunk
    png += struct.pack(">I", zlib.crc32(chunk))
    png += zlib.compress(b"\x00\xff\x00\x00\x00\xff\x00" * 2)
    (img / "swatch.png").write_bytes(png)
    (img / "palette.bin").write_bytes(b"\x00\x01lookup\x00" * 64 + bytes(range(256)))
