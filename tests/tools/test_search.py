"""fixloop.tools.search: search_code hits, narrowing, paging and caps."""

from __future__ import annotations

import sysconfig
import time
import warnings
from pathlib import Path

import pytest

from fixloop.tools import Caps, Tools, ripgrep
from fixloop.workspace import Workspace

# --------------------------------------------------------------------------- search_code


def test_search_basic(tools: Tools) -> None:
    r = tools.call("search_code", {"pattern": r"def \w+\(a"})
    assert r.content.splitlines() == [
        "2 hit(s) in 1 file(s):",
        "calc.py:1: def add(a, b):",
        "calc.py:5: def mul(a, b):",
    ]


def test_search_narrowing(tools: Tools) -> None:
    r = tools.call("search_code", {"pattern": "add", "path": "tests"})
    assert all(ln.startswith("tests/") for ln in r.content.splitlines()[1:])
    r = tools.call("search_code", {"pattern": "VALUE|add", "glob": "pkg/*.py"})
    assert r.content.splitlines()[1:] == ["pkg/util.py:1: VALUE = 1"]
    r = tools.call("search_code", {"pattern": "value", "ignore_case": True, "glob": "**/*.py"})
    assert "pkg/util.py:1: VALUE = 1" in r.content
    r = tools.call("search_code", {"pattern": "zzz_nothing"})
    assert not r.is_error and r.content.startswith("No matches for 'zzz_nothing' in 4 file(s)")


def test_search_invalid_regex(tools: Tools) -> None:
    r = tools.call("search_code", {"pattern": "foo("})
    assert r.is_error and r.kind == "invalid_regex" and "missing )" in r.content
    assert tools.call("search_code", {"pattern": ""}).is_error


@pytest.mark.parametrize(
    "pattern", [r"(a+)+$", r"(\w*)*x", r"(?:a|b+)*c", r"((ab)*)+", r"(.*a){2,}"]
)
def test_search_refuses_catastrophic_patterns(ro_tools: Tools, pattern: str) -> None:
    r = ro_tools.call("search_code", {"pattern": pattern})
    assert r.is_error and r.kind == "invalid_regex" and "exponential" in r.content


@pytest.mark.parametrize("pattern", [r"a+b+", r"(ab)+", r"def \w+\(", r"(a|b)*c", r"x{2,5}"])
def test_search_allows_ordinary_repeats(ro_tools: Tools, pattern: str) -> None:
    assert not ro_tools.call("search_code", {"pattern": pattern}).is_error


def test_search_skips_binary_ignored_blocked(make_repo) -> None:
    root = make_repo(
        {
            "a.py": "needle = 1\n",
            "blob.bin": b"needle\x00needle",
            ".gitignore": "build/\n",
        }
    )
    (root / "build").mkdir()
    (root / "build" / "gen.py").write_text("needle\n")
    (root / ".env").write_text("needle=secret\n")
    (root / "node_modules").mkdir()
    (root / "node_modules" / "x.js").write_text("needle\n")
    t = Tools(Workspace(root), None)
    r = t.call("search_code", {"pattern": "needle"})
    assert r.content.splitlines() == [
        "1 hit(s) in 1 file(s) (skipped 1 binary file(s)):",
        "a.py:1: needle = 1",
    ]


def test_search_capped_and_paged(make_repo) -> None:
    root = make_repo(
        {"big.py": "".join(f"def f{i}(x):\n    return x + {i}\n" for i in range(3000))}
    )
    t = Tools(Workspace(root), None)
    r = t.call("search_code", {"pattern": "return x"})
    lines = r.content.splitlines()
    assert lines[0] == "3,000 hit(s) in 1 file(s):"
    assert lines[1] == "big.py:2:     return x + 0" and len(lines) == 102
    assert "showing hits 1-100 of 3,000" in lines[-1]
    assert "search_code(pattern='return x', skip=100)" in lines[-1]
    r = t.call("search_code", {"pattern": "return x", "skip": 100})
    assert r.content.splitlines()[1] == "big.py:202:     return x + 100"
    r = t.call("search_code", {"pattern": "return x", "skip": 5000})
    assert "past the last hit" in r.content


def test_search_long_line_windowed(make_repo) -> None:
    line = "a" * 50_000 + "NEEDLE" + "b" * 50_000
    root = make_repo({"one.txt": line + "\n"})
    t = Tools(Workspace(root), None)
    r = t.call("search_code", {"pattern": "NEEDLE"})
    assert "NEEDLE" in r.content
    assert "column 50,001 of a 100,006-byte line" in r.content
    assert len(r.content.encode()) < Caps().line_bytes + 300


def test_search_count_limit(make_repo) -> None:
    root = make_repo({"m.txt": "x\n" * 500})
    t = Tools(Workspace(root), None, caps=Caps(search_count_limit=50))
    r = t.call("search_code", {"pattern": "x"})
    assert r.content.startswith("more than 50 hit(s)")


def test_search_skips_large_files(make_repo) -> None:
    root = make_repo({"big.txt": "needle\n" * 100, "small.txt": "needle\n"})
    t = Tools(Workspace(root), None, caps=Caps(search_file_bytes=100))
    r = t.call("search_code", {"pattern": "needle"})
    assert "skipped 1 file(s) over 100 bytes" in r.content and "small.txt:1:" in r.content


def test_ripgrep_leaves_out_large_files_named_on_its_command_line(make_repo) -> None:
    """rg's --max-filesize skips no file named as an argument: a file over the cap was searched
    in full and its hits dropped after (a 60 MB file spent the whole 10 s deadline)."""
    if ripgrep.rg_binary() is None:
        pytest.skip("no rg")
    root = make_repo({"big.txt": "needle\n" * 100, "small.txt": "needle\n"})
    res = ripgrep.search(
        str(root), ["big.txt", "small.txt"], "needle", False, time.monotonic() + 10, 1000, 100
    )
    assert set(res.hits) == {"small.txt"} and res.total == 1


def test_ripgrep_trusts_the_callers_known_small_files(make_repo) -> None:
    """Files the caller saw within the cap are not stat-ed again (18 ms of a Django search)."""
    if ripgrep.rg_binary() is None:
        pytest.skip("no rg")
    root = make_repo({"big.txt": "needle\n" * 100, "small.txt": "needle\n"})
    res = ripgrep.search(
        str(root),
        ["big.txt", "small.txt"],
        "needle",
        False,
        time.monotonic() + 10,
        1000,
        100,
        known_small={"big.txt"},
    )
    assert set(res.hits) == {"big.txt", "small.txt"}


def test_a_file_grown_past_the_cap_since_the_last_search_is_still_skipped(make_repo) -> None:
    root = make_repo({"grows.txt": "needle\n", "small.txt": "needle\n"})
    t = Tools(Workspace(root), None, caps=Caps(search_file_bytes=100))
    first = t.call("search_code", {"pattern": "needle"}).content
    assert "grows.txt:1:" in first and "small.txt:1:" in first
    (root / "grows.txt").write_text("needle\n" * 100)  # in place: its folder is unchanged
    again = t.call("search_code", {"pattern": "needle"}).content
    assert "skipped 1 file(s) over 100 bytes" in again
    assert not [ln for ln in again.splitlines() if ln.startswith("grows.txt")]
    assert "small.txt:1:" in again


def test_search_crlf_and_anchors(make_repo) -> None:
    root = make_repo({"w.py": b"a = 1\r\nb = 2\r\n"})
    t = Tools(Workspace(root), None)
    r = t.call("search_code", {"pattern": "^b = 2$"})
    assert r.content.splitlines()[1:] == ["w.py:2: b = 2"]


def test_every_result_within_cap(make_repo) -> None:
    root = make_repo({f"f{i}.py": ("x = '" + "é" * 3000 + "'\n") * 20 for i in range(5)})
    t = Tools(Workspace(root), None)
    for name, args in [
        ("read_file", {"path": "f0.py"}),
        ("search_code", {"pattern": "x"}),
        ("list_files", {}),
        ("edit_file", {"path": "f0.py", "old": "x", "new": "y"}),
    ]:
        assert len(t.call(name, args).content.encode()) <= Caps().result_bytes


@pytest.fixture
def python_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """search_code with its Python engine (the regex module), as without ripgrep."""
    monkeypatch.setenv("FIXLOOP_SEARCH_ENGINE", "python")


def test_search_deadline_stops_backtracking_and_keeps_hits(make_repo, python_engine) -> None:
    """Issue 20: '(a|aa)+$' grows ~1.6x per character; the search stops at its deadline."""
    root = make_repo(
        {
            "a_first.py": "x = 'aa'\naa\n",  # a hit before the slow file
            "b_slow.txt": "a" * 200 + "b\n",  # hours of backtracking without a limit
            "c_after.py": "aa\n",  # never reached
        }
    )
    t = Tools(Workspace(root), None, caps=Caps(search_seconds=0.3))
    r = t.call("search_code", {"pattern": "(a|aa)+$"})
    assert r.is_error and r.kind == "timeout"
    assert "0.3 s time limit ran out" in r.content
    assert "'b_slow.txt' (file 2 of 3)" in r.content and "incomplete" in r.content
    assert "a_first.py:2: aa" in r.content  # the hit found before is kept
    assert "c_after.py" not in r.content
    assert "more than 1 hit(s)" in r.content  # never presented as the full count
    assert t.tool_errors == 1


def test_search_deadline_with_no_hits_says_it_ran_out(make_repo, python_engine) -> None:
    root = make_repo({"slow.txt": "a" * 200 + "b\n"})
    r = Tools(Workspace(root), None, caps=Caps(search_seconds=0.2)).call(
        "search_code", {"pattern": "(a|aa)+$"}
    )
    assert r.is_error and r.kind == "timeout"
    assert r.content.startswith("Error: search_code stopped: its 0.2 s time limit ran out")
    assert "No hits before that in 1 file(s)" in r.content
    assert "No matches" not in r.content  # an incomplete search is never reported as empty


@pytest.mark.usefixtures("python_engine")
def test_search_within_deadline_is_unchanged(tools: Tools) -> None:
    r = tools.call("search_code", {"pattern": r"(a|aa)+\b"})
    assert not r.is_error and r.kind == "ok" and "time limit" not in r.content


# --------------------------------------------------------------------------- ripgrep engine

needs_rg = pytest.mark.skipif(ripgrep.rg_binary() is None, reason="no rg (the ripgrep package)")


@needs_rg
def test_ripgrep_is_the_dependency_installed() -> None:
    """The pinned ``ripgrep`` package puts rg beside this interpreter: no PATH lookup needed."""
    rg = ripgrep.rg_binary()
    assert rg is not None and Path(rg).parent == Path(sysconfig.get_path("scripts"))


PARITY_FILES: dict[str, str | bytes] = {
    "a.py": "def add(a, b):\n    return a + b\n\n\ndef  mul(a, b):\n    return a * b\n",
    "crlf.py": b"x = 1\r\ny = 2\r\n\r\nz = 'tail'\r\n",
    "oldmac.txt": b"first\rsecond line\rthird\n",
    "bom.py": b"\xef\xbb\xbfbom = 1\nlatin = '\xe9t\xe9'\n",
    "uni.py": "caf\u00e9 = '\u00c9T\u00c9'  # \u202e hidden\n\u00e9l\u00e8ve = 2\n",
    "multi.md": "TODO first\nFIXME second TODO\nXXX\n\n\n    def spaced():\n",
    "late_nul.txt": "needle early\n" + "x" * 9000 + "\x00\nneedle late\n",
    "empty.txt": "",
    "no_newline.py": "value = 3",
    "deep/nested/mod.py": "class Thing(Base):\n    pass\n",
}

PARITY_PATTERNS = [
    "a",
    r"def \w+\(",
    r"^def\s+\w+",  # \s may cross a blank line: reported where the match starts
    r"^\s*def",
    r"TODO|FIXME|XXX",
    r"^$",
    r"= \d$",
    r"[^a-z\s]+",
    r"e\n",
    r"(a|aa)+$",
    r"y = 2$",
    r"second",
    r"\bthird\b",
    "caf\u00e9|\u00e9l",
    "\u202e",
    r"needle",
    r"x*",
    r"class \w+\((\w+)\):",
    r"(?i)todo",
    r"value = 3$",
    r"^(?!def)\w+",  # look-ahead: ripgrep rejects it, the Python engine runs it
    r"(\w)\1",  # a back-reference: the same
    r"[[:alpha:]]+",  # POSIX classes: ASCII to ripgrep, Unicode to the regex module
    r"[_[:alpha:]]+",  # the same inside a set: the Python engine too
    r"[^[:space:][:digit:]]+",
]


@needs_rg
@pytest.mark.parametrize("pattern", PARITY_PATTERNS)
@pytest.mark.parametrize("ignore_case", [False, True])
def test_ripgrep_engine_gives_the_python_engines_results(
    make_repo, monkeypatch: pytest.MonkeyPatch, pattern: str, ignore_case: bool
) -> None:
    """Same text, hit for hit, from both engines: line numbers of CRLF and old-Mac files,
    one hit per line, matches across lines, the BOM, non-UTF-8 bytes, invisible characters
    escaped, a NUL past 8,000 bytes (text), an empty match, paging."""
    root = make_repo(PARITY_FILES)
    t = Tools(Workspace(root), None, caps=Caps(search_hits=7))
    for skip in (0, 7):
        args = {"pattern": pattern, "ignore_case": ignore_case, "skip": skip}
        monkeypatch.delenv("FIXLOOP_SEARCH_ENGINE", raising=False)
        fast = t.call("search_code", args)
        monkeypatch.setenv("FIXLOOP_SEARCH_ENGINE", "python")
        slow = t.call("search_code", args)
        assert (fast.content, fast.kind) == (slow.content, slow.kind)


@needs_rg
def test_ripgrep_runs_the_backtracking_pattern_in_linear_time(make_repo) -> None:
    """'(a|aa)+$' stops the Python engine at its deadline; ripgrep's engine has no
    backtracking and finishes it: every hit, no time-limit message."""
    root = make_repo(
        {"a_first.py": "x = 'aa'\naa\n", "b_slow.txt": "a" * 5000 + "b\n", "c_after.py": "aa\n"}
    )
    r = Tools(Workspace(root), None, caps=Caps(search_seconds=5)).call(
        "search_code", {"pattern": "(a|aa)+$"}
    )
    assert r.content.splitlines() == [
        "2 hit(s) in 2 file(s):",
        "a_first.py:2: aa",
        "c_after.py:1: aa",
    ]


@needs_rg
def test_ripgrep_killed_at_the_deadline_keeps_finished_files(make_repo, monkeypatch) -> None:
    """A wall-clock deadline on the ripgrep path too: rg is killed, the hits of the files it
    finished are shown, the result says it ran out (never 'No matches')."""
    root = make_repo({"a.py": "hit = 1\n", "b.py": "hit = 2\n"})
    slow = root.parent / "slow-rg"
    real = ripgrep.rg_binary()
    # an rg that prints a.py's three messages (begin, match, end), then hangs
    slow.write_text(f'#!/bin/sh\n{real} -j1 "$@" | head -n 3\nexec sleep 30\n')
    slow.chmod(0o755)
    monkeypatch.setattr(ripgrep, "rg_binary", lambda: str(slow))
    t0 = time.monotonic()
    r = Tools(Workspace(root), None, caps=Caps(search_seconds=0.5)).call(
        "search_code", {"pattern": "hit"}
    )
    assert time.monotonic() - t0 < 10
    assert r.is_error and r.kind == "timeout"
    assert "time limit ran out before the search of 2 file(s) finished" in r.content
    assert "a.py:1: hit = 1" in r.content and "b.py" not in r.content
    assert "more than 1 hit(s)" in r.content


@needs_rg
def test_ripgrep_count_limit_falls_back_to_file_order(make_repo) -> None:
    """More hits than the count limit: which come first needs the files in order, so the
    Python engine counts; the first hits shown are those of the first file."""
    root = make_repo({f"f{i}.txt": "x\n" * 40 for i in range(5)})
    r = Tools(Workspace(root), None, caps=Caps(search_count_limit=50)).call(
        "search_code", {"pattern": "x"}
    )
    lines = r.content.splitlines()
    assert lines[0] == "more than 50 hit(s) in 2 file(s):"
    assert lines[1] == "f0.txt:1: x"


def test_no_ripgrep_uses_the_python_engine(tools: Tools, monkeypatch) -> None:
    monkeypatch.setattr(ripgrep, "rg_binary", lambda: None)
    r = tools.call("search_code", {"pattern": r"def \w+\(a"})
    assert r.content.splitlines()[0] == "2 hit(s) in 1 file(s):"


@pytest.mark.parametrize("engine", ["", "python"])
@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"^[[:alpha:]]+$", ["2 hit(s) in 1 file(s):", "w.txt:1: \u00e9t\u00e9", "w.txt:3: word"]),
        (r"^[_[:alpha:]]+$", ["2 hit(s) in 1 file(s):", "w.txt:1: \u00e9t\u00e9", "w.txt:3: word"]),
        (r"^[[:digit:]]+$", ["1 hit(s) in 1 file(s):", "w.txt:2: 123"]),
        (r"^[^[:alpha:]]+$", ["1 hit(s) in 1 file(s):", "w.txt:2: 123"]),
    ],
)
def test_posix_classes_give_unicode_hits_and_no_warning(
    make_repo, monkeypatch: pytest.MonkeyPatch, engine: str, pattern: str, expected: list[str]
) -> None:
    """A POSIX class (``[[:alpha:]]``) means the regex module's class (Unicode: ``\u00e9t\u00e9`` is
    letters) whichever engine is there, and no warning of the stdlib's parser ("possible
    nested set", a FutureWarning of its reading of ``[[``) reaches the caller's output."""
    monkeypatch.setenv("FIXLOOP_SEARCH_ENGINE", engine)
    root = make_repo({"w.txt": "\u00e9t\u00e9\n123\nword\n"})
    t = Tools(Workspace(root), None)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        r = t.call("search_code", {"pattern": pattern})
    assert [str(w.message) for w in seen] == []
    assert not r.is_error and r.content.splitlines() == expected


@pytest.mark.parametrize("pattern", [r"[[a]b]+", r"[a-z&&[^b]]+", r"[a-z--b]+", r"[a||b]"])
def test_set_operation_spellings_warn_nothing(ro_tools: Tools, pattern: str) -> None:
    """Spellings the stdlib's parser warns about (nested sets, set operations): the search
    answers (the regex module's reading, the version 0 one: no set operations) and no
    warning reaches the caller."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        r = ro_tools.call("search_code", {"pattern": pattern})
    assert [str(w.message) for w in seen] == []
    assert r.kind != "invalid_regex" and not r.is_error


def test_ripgrep_file_lists_are_cut_to_the_argument_budget() -> None:
    files = [f"dir/file_{i:04}.py" for i in range(1000)]  # 16 bytes + NUL + pointer: 25 each
    assert ripgrep._chunks(files, 10**6) == [files]  # one command line, one ripgrep run
    parts = ripgrep._chunks(files, 2_600)
    assert [f for part in parts for f in part] == files
    assert len(parts) == 10 and all(len(p) * 25 <= 2_600 for p in parts)
    assert ripgrep._chunks([], 100) == []
    # the budget leaves the environment and half of the kernel's ARG_MAX aside, never < 200 kB
    assert 200_000 <= ripgrep._argv_budget() <= 4 << 20


@needs_rg
def test_a_search_cut_into_several_ripgrep_runs_gives_the_same_hits(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo({f"d/f{i:02}.txt": f"needle {i}\nother\n" for i in range(30)})
    whole = Tools(Workspace(root), None).call("search_code", {"pattern": "needle"}).content
    monkeypatch.setattr(ripgrep, "_argv_budget", lambda: 60)  # about 3 files per run
    cut = Tools(Workspace(root), None).call("search_code", {"pattern": "needle"}).content
    assert cut == whole and whole.startswith("30 hit(s) in 30 file(s)")


def test_counts_and_order_when_some_files_need_the_python_engine(make_repo) -> None:
    """Files with a lone CR go to the Python engine: the walk then covers every file, and the
    counts and order match a search where ripgrep answered for all."""
    files: dict[str, str | bytes] = {f"f{i}.txt": f"needle {i}\n" for i in range(4)}
    files["b.bin"] = b"needle\x00\x01"
    root = make_repo(files)
    t = Tools(Workspace(root), None)
    first = t.call("search_code", {"pattern": "needle"}).content.splitlines()
    assert first[0] == "4 hit(s) in 4 file(s) (skipped 1 binary file(s)):"
    assert first[1:] == [f"f{i}.txt:1: needle {i}" for i in range(4)]
    (root / "f2.txt").write_bytes(b"needle 2\rold mac\n")
    second = t.call("search_code", {"pattern": "needle"}).content.splitlines()
    assert second[0] == first[0] and second[1:3] == first[1:3] and second[4] == first[4]
    assert second[3].startswith("f2.txt:1: needle 2")
