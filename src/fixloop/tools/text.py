r"""Text helpers of the tools: escaping invisible characters, capping, decoding, numbering.

Everything here is pure (no file system): byte counts are of UTF-8 (``surrogatepass``, so a
lone surrogate never raises), undecodable bytes travel as ``surrogateescape`` surrogates and
are shown as ``\xNN``.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass

_EXTRA_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
_NOT_PLAIN = re.compile(r"[^\x20-\x7e\t\n]")


def _needs_escape(ch: str) -> bool:
    """True for characters shown escaped.

    Controls, format (bidi, zero-width, tags), private use, unassigned, line/paragraph separators,
    non-ASCII spaces, variation selectors, fillers.
    """
    if ch in "\t\n":
        return False
    o = ord(ch)
    if o < 0x20 or o == 0x7F:
        return True
    if o < 0x7F:
        return False
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"):
        return True
    return 0xFE00 <= o <= 0xFE0F or 0xE0100 <= o <= 0xE01EF or ch in _EXTRA_INVISIBLE


def _escape_char(ch: str) -> str:
    o = ord(ch)
    if 0xDC80 <= o <= 0xDCFF:  # an undecodable byte kept by surrogateescape
        return f"\\x{o - 0xDC00:02x}"
    if ch == "\r":
        return "\\r"
    if o <= 0xFF:
        return f"\\x{o:02x}"
    if o <= 0xFFFF:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def _escape_match(m: re.Match[str]) -> str:
    ch = m.group(0)
    return _escape_char(ch) if _needs_escape(ch) else ch


def escape_text(text: str) -> str:
    r"""``text`` with invisible/direction-changing characters as visible escapes.

    Tabs and newlines are kept; a carriage return becomes ``\r``; undecodable bytes
    (surrogateescape) become ``\xNN``; bidi overrides, zero-width and tag characters become ``\uXXXX`` /
    ``\UXXXXXXXX``.
    """
    return _NOT_PLAIN.sub(_escape_match, text)


def escape_name(name: str) -> str:
    r"""A path for a listing (list_files, search_code hits): :func:`escape_text`, one line.

    A file name may hold a newline or a tab (git tracks such names); kept raw, one file would
    show as two lines of the listing. They become ``\x0a`` and ``\x09``, like the other
    control characters.
    """
    return escape_text(name).replace("\t", "\\x09").replace("\n", "\\x0a")


_UNESCAPE = re.compile(r"\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|\\r")


def _unescape_invisible(text: str) -> str:
    """Undo :func:`escape_text` for the characters it escapes (other backslashes stay)."""

    def repl(m: re.Match[str]) -> str:
        if m.group(0) == "\\r":
            return "\r"
        hexa = m.group(1) or m.group(2) or m.group(3)
        o = int(hexa, 16)
        if m.group(1) is not None and o >= 0x80:
            return chr(0xDC00 + o)  # an undecodable byte as surrogateescape keeps it
        if o > 0x10FFFF or 0xD800 <= o <= 0xDFFF:
            return m.group(0)
        ch = chr(o)
        return ch if _needs_escape(ch) else m.group(0)

    return _UNESCAPE.sub(repl, text)


def _nbytes(s: str) -> int:
    return len(s.encode("utf-8", "surrogatepass"))


def _cut(s: str, limit: int) -> str:
    """``s`` cut to at most ``limit`` UTF-8 bytes, on a character boundary."""
    b = s.encode("utf-8", "surrogatepass")
    if len(b) <= limit:
        return s
    return b[: max(limit, 0)].decode("utf-8", "ignore")


def _fmt(n: int) -> str:
    return f"{n:,}"


_BINARY_MAGIC = (
    b"\x89PNG",
    b"GIF8",
    b"\xff\xd8\xff",
    b"PK\x03\x04",
    b"\x1f\x8b",
    b"%PDF",
    b"\x7fELF",
    b"BZh",
    b"\xfd7zXZ",
)


def is_binary(data: bytes) -> bool:
    """True when data looks binary.

    Git's heuristic, extended: a NUL byte in the first 8,000 bytes, a known binary magic number, or
    (for data that is not UTF-8) more than 30% control bytes in the first 8,000. UTF-16/32 text
    (NUL-rich) counts as binary: fixloop edits UTF-8 and 8-bit text only.
    """
    head = data[:8000]
    if b"\x00" in head or head.startswith(_BINARY_MAGIC):
        return True
    try:
        head.decode("utf-8")
        return False
    except UnicodeDecodeError as e:
        if e.start >= len(head) - 4:  # a character cut at the 8,000-byte boundary
            return False
    ctrl = sum(1 for b in head if b < 9 or 13 < b < 32 or b == 127)
    return ctrl > 0.3 * len(head)


@dataclass
class _Text:
    """A decoded text file: ``text`` without BOM; undecodable bytes kept as surrogates."""

    text: str
    bom: bool
    utf8: bool


_BOM = b"\xef\xbb\xbf"


def _decode(data: bytes) -> _Text:
    bom = data.startswith(_BOM)
    body = data[3:] if bom else data
    try:
        return _Text(body.decode("utf-8"), bom, True)
    except UnicodeDecodeError:
        return _Text(body.decode("utf-8", "surrogateescape"), bom, False)


def _encode(t: _Text, text: str) -> bytes:
    body = text.encode("utf-8", "surrogateescape")
    return (_BOM if t.bom else b"") + body


def _split_lines(text: str) -> list[str]:
    """Lines split at CRLF, LF or a lone CR.

    Lines split at CRLF, LF or a lone CR (as Python's tokenizer does), without their endings; no
    phantom last line.
    """
    if not text:
        return []
    lines = _lf_view(text)[0].split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _endings(text: str) -> tuple[int, int, int]:
    """(CRLF count, lone LF count, lone CR count) in ``text``."""
    crlf = text.count("\r\n")
    return crlf, text.count("\n") - crlf, text.count("\r") - crlf


def _visible_ws(line: str) -> str:
    """A line with tabs as ``→`` and trailing spaces as ``·`` (for showing whitespace)."""
    stripped = line.rstrip(" \t")
    trail = line[len(stripped) :].replace(" ", "·").replace("\t", "→")
    return stripped.replace("\t", "→") + trail


def _lf_view(text: str) -> tuple[str, list[int]]:
    """``text`` in the LF view, and where its CRLF newlines were.

    ``text`` with CRLF folded to LF and lone CR turned into LF (the "LF view"), and the LF-view
    positions of the folded CRLF newlines (a lone CR maps one to one).
    """
    if "\r" not in text:
        return text, []
    crlf_at: list[int] = []
    pos = 0
    removed = 0
    while True:
        i = text.find("\r\n", pos)
        if i < 0:
            break
        crlf_at.append(i - removed)  # position of the "\n" in the LF view
        removed += 1
        pos = i + 2
    return text.replace("\r\n", "\n").replace("\r", "\n"), crlf_at


def _raw_pos(pos: int, crlf_at: list[int]) -> int:
    """Map a position in the LF view to the raw text: add one per folded CR before it.

    A CRLF whose LF is at ``q`` in the LF view occupies raw ``[q+k, q+k+2)``; positions at or
    before ``q`` (the start of the newline) keep the CR after them.
    """
    return pos + bisect.bisect_left(crlf_at, pos)


def long_line(raw: str, lineno: int, path: str, cap: int) -> str:
    """A raw line, escaped and cut to ``cap`` bytes with a note giving its full size.

    Only the shown part is escaped, so this is fast on huge lines.

    Args:
        raw: the line without its ending.
        lineno: its 1-based number (for the note).
        path: the file as the model named it (for the note's search_code hint).
        cap: the most bytes shown (``Caps.line_bytes``).

    Returns:
        The escaped line, or its first ``cap`` bytes followed by a note.
    """
    esc = escape_text(raw[: cap + 1])
    if len(raw) <= cap and _nbytes(esc) <= cap:
        return esc
    note = (
        f" … [line {lineno} cut: {_fmt(_nbytes(raw))} bytes; search_code(pattern=..., "
        f"path={path!r}) shows the text around each match]"
    )
    return _cut(esc, cap) + note


def numbered(lineno: int, text: str) -> str:
    """``"   12|text"``: the line-number gutter of read_file and edit results."""
    return f"{lineno:>6}|{text}"
