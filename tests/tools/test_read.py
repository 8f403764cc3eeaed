"""fixloop.tools.read: read_file (numbering, paging, caps, encodings) and list_files."""

from __future__ import annotations

from pathlib import Path

from fixloop.tools import Caps, Tools, is_binary
from fixloop.workspace import Workspace

# --------------------------------------------------------------------------- read_file


def test_read_numbered_lines(tools: Tools) -> None:
    r = tools.call("read_file", {"path": "calc.py"})
    assert r.kind == "ok" and not r.is_error
    assert r.content.splitlines() == [
        "calc.py: 6 lines, 66 bytes",
        "     1|def add(a, b):",
        "     2|    return a - b",
        "     3|",
        "     4|",
        "     5|def mul(a, b):",
        "     6|    return a * b",
    ]


def test_read_range_and_paging(make_repo) -> None:
    root = make_repo({"m.py": "".join(f"x{i} = {i}\n" for i in range(1, 501))})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "m.py", "start": 10, "end": 12})
    lines = r.content.splitlines()
    assert lines[1:4] == ["    10|x10 = 10", "    11|x11 = 11", "    12|x12 = 12"]
    assert "Next: read_file(path='m.py', start=13)" in lines[-1]
    r = t.call("read_file", {"path": "m.py"})
    assert "   200|x200 = 200" in r.content and "   201|" not in r.content
    assert "showing lines 1-200 of 500" in r.content and "start=201" in r.content
    r = t.call("read_file", {"path": "m.py", "start": 1, "end": 100000})
    assert "at most 200 lines per call" in r.content
    r = t.call("read_file", {"path": "m.py", "start": 495})
    assert "   500|x500 = 500" in r.content and "Next" not in r.content
    r = t.call("read_file", {"path": "m.py", "start": 501})
    assert r.is_error and "past the end" in r.content and "500 lines" in r.content
    r = t.call("read_file", {"path": "m.py", "start": 20, "end": 10})
    assert r.is_error and "before start" in r.content


def test_read_crlf_bom_latin1_notes(make_repo) -> None:
    root = make_repo(
        {
            "crlf.py": b"a = 1\r\nb = 2\r\n",
            "mixed.py": b"a = 1\r\nb = 2\n",
            "bom.py": b"\xef\xbb\xbfa = 1\n",
            "latin.txt": b"caf\xe9 au lait\n",
            "empty.py": b"",
        }
    )
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "crlf.py"})
    assert "(CRLF line endings)" in r.content and "     1|a = 1\n     2|b = 2" in r.content
    assert "\r" not in r.content
    assert "mixed CRLF/LF line endings" in t.call("read_file", {"path": "mixed.py"}).content
    r = t.call("read_file", {"path": "bom.py"})
    assert "UTF-8 BOM" in r.content and "     1|a = 1" in r.content and "\ufeff" not in r.content
    r = t.call("read_file", {"path": "latin.txt"})
    assert "not valid UTF-8" in r.content and "     1|caf\\xe9 au lait" in r.content
    assert "empty file" in t.call("read_file", {"path": "empty.py"}).content


def test_read_binary(make_repo) -> None:
    root = make_repo({"img.png": b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "blob": b"ab\x00cd"})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "img.png"})
    assert r.content == "img.png: binary file, 264 bytes; not shown." and r.kind == "binary"
    assert "binary file, 5 bytes" in t.call("read_file", {"path": "blob"}).content


def test_is_binary_heuristic() -> None:
    assert is_binary(b"x\x00y")
    assert is_binary(b"%PDF-1.4 text-looking")
    assert is_binary(bytes([1, 2, 3, 4, 5, 6, 0xFF, 0xFE] * 100))
    assert not is_binary("naïve café\n".encode())
    assert not is_binary(b"caf\xe9\n" * 100)  # latin-1 text
    assert not is_binary(("é" * 5000).encode())  # a multi-byte char cut at the 8,000 boundary


def test_read_huge_line_capped(make_repo) -> None:
    big = '{"rows": [' + ", ".join(f'{{"id": {i}}}' for i in range(100_000)) + "]}\n"
    root = make_repo({"data.json": big})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "data.json"})
    assert len(r.content.encode()) <= Caps().result_bytes
    assert len(r.content.encode()) < Caps().line_bytes + 400
    assert f"line 1 cut: {len(big.encode()) - 1:,} bytes" in r.content
    assert "search_code(pattern=..., path='data.json')" in r.content
    assert f"1 lines, {len(big.encode()):,} bytes" in r.content


def test_read_huge_line_of_invisible_chars(make_repo) -> None:
    root = make_repo({"z.txt": "\u200b" * 100_000 + "\n"})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "z.txt"})
    assert "\u200b" not in r.content and "\\u200b" in r.content
    assert "line 1 cut: 300,000 bytes" in r.content
    assert len(r.content.encode()) < Caps().line_bytes + 400


def test_read_many_long_lines_byte_capped(make_repo) -> None:
    root = make_repo({"wide.py": "".join(f"x{i} = '{'y' * 1500}'\n" for i in range(200))})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "wide.py"})
    size = len(r.content.encode())
    assert size <= 20_000
    assert "result cut at 20,000 bytes" in r.content
    last = [ln for ln in r.content.splitlines() if ln[:6].strip().isdigit()][-1]
    n = int(last.split("|")[0])
    assert f"Next: read_file(path='wide.py', start={n + 1})" in r.content


def test_custom_caps(make_repo) -> None:
    root = make_repo({"m.py": "".join(f"v{i} = {i}\n" for i in range(50))})
    t = Tools(Workspace(root), None, caps=Caps(read_lines=5, result_bytes=1_000))
    r = t.call("read_file", {"path": "m.py"})
    assert "     5|v4 = 4" in r.content and "     6|" not in r.content
    assert "start=6" in r.content


# --------------------------------------------------------------------------- list_files


def test_list_files(tools: Tools, repo: Path) -> None:
    (repo / ".env").write_text("K=v\n")
    r = tools.call("list_files", {})
    lines = r.content.splitlines()
    assert lines[0] == "4 files under the repository ([read-only] = test infrastructure):"
    assert lines[1:] == [
        "calc.py",
        "pkg/__init__.py",
        "pkg/util.py",
        "tests/test_calc.py [read-only]",
    ]
    r = tools.call("list_files", {"path": "pkg"})
    assert r.content.splitlines()[1:] == ["pkg/__init__.py", "pkg/util.py"]


def test_list_files_capped(make_repo) -> None:
    files = {f"d{i % 3}/f{i:04d}.py": "" for i in range(40)}
    root = make_repo(files)
    t = Tools(Workspace(root), None, caps=Caps(list_entries=10))
    r = t.call("list_files", {})
    assert "showing 10 of 40 files" in r.content
    assert "list_files(path='<folder>')" in r.content
    assert "Folders: d0/ (14), d1/ (13), d2/ (13)" in r.content


def test_list_files_refusals(tools: Tools) -> None:
    assert tools.call("list_files", {"path": ".git"}).is_error
    assert tools.call("list_files", {"path": "../"}).is_error
