"""fixloop.tools.text: escaping invisible characters (and edits that send the escapes back)."""

from __future__ import annotations

from fixloop.tools import Tools, escape_text
from fixloop.workspace import Workspace
from tools.support import edit

# --------------------------------------------------------------------------- escaping


def test_invisible_unicode_escaped_everywhere(make_repo) -> None:
    src = 'ok = "safe"\nadmin = "user\u202e \u2066"  # \u200b\U000e0041 tag\n'
    root = make_repo({"trojan.py": src, "name\u202efdp.py": "z = 1\n"})
    t = Tools(Workspace(root), None)
    for r in (
        t.call("read_file", {"path": "trojan.py"}),
        t.call("search_code", {"pattern": "admin"}),
        t.call("list_files", {}),
    ):
        for ch in "\u202e\u2066\u200b\U000e0041":
            assert ch not in r.content
    r = t.call("read_file", {"path": "trojan.py"})
    assert '     2|admin = "user\\u202e \\u2066"  # \\u200b\\U000e0041 tag' in r.content
    assert "name\\u202efdp.py" in t.call("list_files", {}).content
    r = t.call("read_file", {"path": "name\\u202efdp.py"})  # the name as the model saw it
    assert not r.is_error and "     1|z = 1" in r.content


def test_escape_text_rules() -> None:
    assert escape_text("a\tb\nc") == "a\tb\nc"
    assert escape_text("x\ry\x1b[31m") == "x\\ry\\x1b[31m"
    assert escape_text("caf\udce9") == "caf\\xe9"
    assert escape_text("non\u00a0breaking") == "non\\xa0breaking"
    assert escape_text("naïve — ok ✓ 日本") == "naïve — ok ✓ 日本"
    assert escape_text("\ufe0f\u3164") == "\\ufe0f\\u3164"


def test_edit_accepts_escaped_invisible_chars(make_repo) -> None:
    root = make_repo({"t.py": 'x = "a\u200bb"\n'})
    t = Tools(Workspace(root), None)
    r = edit(t, "t.py", 'x = "a\\u200bb"', 'x = "ab"')
    assert not r.is_error, r.content
    assert (root / "t.py").read_bytes() == b'x = "ab"\n'


def test_literal_backslash_u_text_still_matches_exactly(make_repo) -> None:
    root = make_repo({"t.py": 'x = "\\u200b"\n'})  # the file holds backslash-u text
    t = Tools(Workspace(root), None)
    r = edit(t, "t.py", 'x = "\\u200b"', 'x = "\\u00a0"')
    assert not r.is_error
    assert (root / "t.py").read_bytes() == b'x = "\\u00a0"\n'
