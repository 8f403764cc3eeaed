"""The text side of a test run: scanning pytest's output, the failure signature, capped output.

pytest's output can be huge; :func:`scan_output` streams it once for the lines the model must
always see, :func:`compose_output` caps what the model gets (head, tail and those lines), and
:func:`failure_signature` hashes a failure so that two runs failing the same way compare equal.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from fixloop.testrun.junit import Case
from fixloop.types import FailingTest, Outcome

__all__ = [
    "OutputScan",
    "assertion_line",
    "case_reason",
    "collection_error_locations",
    "compose_output",
    "exception_type",
    "failure_signature",
    "last_e_line",
    "scan_output",
]

_E_LINE = re.compile(r"^E\s+\S")
_SUMMARY_HEAD = re.compile(r"^=+ short test summary info =+\s*$")
_BAR = re.compile(r"^(=|_|!){3,} ?.*?(=|_|!){3,}\s*$")
_COLLECT_HEAD = re.compile(r"^_{3,} ERROR collecting (.+?) _{3,}\s*$")
_FILE_LINE = re.compile(r'File "([^"]+)", line (\d+)')
_TB_LOC = re.compile(r"^([^\s:][^:]*\.py):(\d+): ")
_ERROR_LINE = re.compile(r"^ERROR: ")


@dataclass
class OutputScan:
    """What :func:`scan_output` keeps of an output.

    Attributes:
        e_lines: pytest's ``E`` lines, deduplicated, in order.
        summary: the "short test summary info" section.
        sections: ``(what was collected, lines)`` for each "ERROR collecting" section.
        errors: pytest's ``ERROR:`` usage lines.
    """

    e_lines: list[str] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    sections: list[tuple[str, list[str]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def scan_output(lines: Iterable[str], *, max_e: int = 400, max_summary: int = 300) -> OutputScan:
    """Pick the lines the model must always see out of a (possibly huge) pytest output.

    Streams ``lines`` once: ``E`` lines (deduplicated, in order), the "short test summary info"
    section with its final tally line, "ERROR collecting" sections, and ``ERROR:`` usage lines.
    """
    s = OutputScan()
    seen_e: set[str] = set()
    mode = ""
    section: list[str] | None = None
    for raw in lines:
        line = raw.rstrip("\r\n")
        m = _COLLECT_HEAD.match(line)
        if m:
            section = []
            if len(s.sections) < 50:
                s.sections.append((m.group(1), section))
            mode = "section"
            continue
        if _SUMMARY_HEAD.match(line):
            mode = "summary"
            section = None
            continue
        if mode == "summary":
            if len(s.summary) < max_summary:
                s.summary.append(line[:500])
            if _BAR.match(line) or re.match(r"^\d+ \w+.* in [\d.]+s", line):
                mode = ""
            continue
        if mode == "section":
            if _BAR.match(line):
                mode = ""
                section = None
            elif section is not None and len(section) < 400:
                section.append(line[:500])
        if _E_LINE.match(line) and len(s.e_lines) < max_e:
            key = line.strip()[:300]
            if key not in seen_e:
                seen_e.add(key)
                s.e_lines.append(line[:300])
        elif _ERROR_LINE.match(line) and len(s.errors) < 20:
            s.errors.append(line[:500])
    return s


def _relativize(path: str, root: str) -> str:
    rp = os.path.normpath(path)
    if os.path.isabs(rp):
        if rp == root or rp.startswith(root + os.sep):
            return os.path.relpath(rp, root)
        return rp
    return rp


def _in_project(path: str, root: str) -> bool:
    if "site-packages" in path or "dist-packages" in path or path.startswith("<"):
        return False
    if os.path.isabs(path):
        return path.startswith(root + os.sep)
    return not path.startswith("..")


def collection_error_locations(
    sections: Sequence[tuple[str, Sequence[str]]], root: str
) -> list[str]:
    """``"file:line: message (collecting X)"`` for each "ERROR collecting X" section.

    The location is the last ``File "...", line N`` or ``path:N:`` frame inside the project
    (e.g. the line of a SyntaxError in an imported module); the message is the last ``E`` line.
    """
    out = []
    for collecting, lines in sections:
        loc: tuple[str, str] | None = None
        any_loc: tuple[str, str] | None = None
        msg = ""
        for line in lines:
            for m in [_FILE_LINE.search(line), _TB_LOC.match(line)]:
                if m:
                    cand = (m.group(1), m.group(2))
                    any_loc = cand
                    if _in_project(_relativize(cand[0], root), root):
                        loc = cand
            if _E_LINE.match(line):
                text = line[1:].strip()
                if text and not text.startswith("File ") and set(text) != {"^"}:
                    msg = text
        where = loc or any_loc
        place = f"{_relativize(where[0], root)}:{where[1]}" if where else collecting
        entry = f"{place}: {msg}" if msg else place
        out.append(f"{entry} (while collecting {collecting})" if where else entry)
    return out


# --------------------------------------------------------------------------------------------
# Signature and capped output
# --------------------------------------------------------------------------------------------

_ADDR = re.compile(r"0x[0-9a-fA-F]+")
_TMP = re.compile(r"/tmp/[^\s'\"]*")
_EXC_AT_END = re.compile(r"^\S.*?:\d+: ([A-Za-z_][\w.]*)\s*$")
_EXC_PREFIX = re.compile(
    r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Failed|Warning|"
    r"Iteration|Timeout|Skipped))\b"
)


def exception_type(case_message: str, text: str) -> str:
    """The exception class of a failure.

    From pytest's trailing ``path:N: Type`` line or the message (``assert ...`` messages are
    AssertionError).
    """
    for line in reversed(text.strip().splitlines()[-3:]):
        m = _EXC_AT_END.match(line.strip())
        if m:
            return m.group(1)
    msg = case_message.strip()
    if msg.startswith("assert "):
        return "AssertionError"
    m = _EXC_PREFIX.match(msg)
    if m:
        return m.group(1)
    m = re.match(r"^([A-Za-z_][\w.]*):", msg)
    return m.group(1) if m else ""


def assertion_line(text: str) -> str:
    """The failing source line of a failure (pytest marks it with ``>``), whitespace-trimmed."""
    last = ""
    for line in text.splitlines():
        if line.startswith(">"):
            last = line[1:].strip()
    return last


def _norm(s: str, root: str) -> str:
    s = s.replace(root + "/", "")
    s = _ADDR.sub("0x?", s)
    return _TMP.sub("<tmp>", s)


def failure_signature(
    outcome: Outcome, cases: Sequence[Case], collection_errors: Sequence[str], root: str
) -> str:
    """A short hash over the sorted failing ids, exception types and assertion lines.

    No timings, addresses or temporary paths enter it, so identical failures in two runs give
    the same signature. Format: ``"<outcome>:<16 hex digits>"``.
    """
    items = sorted(
        f"{c.id}|{exception_type(c.message, c.text)}|{_norm(assertion_line(c.text), root)}"
        for c in cases
        if c.kind in ("failed", "error")
    )
    items += sorted(_norm(re.sub(r":\d+:", ":", e), root) for e in collection_errors)
    digest = hashlib.sha256("\n".join([outcome.value, *items]).encode()).hexdigest()[:16]
    return f"{outcome.value}:{digest}"


def _cut_bytes(text: str, n: int, *, from_end: bool = False) -> str:
    b = text.encode("utf-8")
    if len(b) <= n:
        return text
    if n <= 0:
        return ""
    part = b[-n:] if from_end else b[:n]
    s = part.decode("utf-8", "ignore")
    # prefer whole lines
    if from_end and "\n" in s[:200]:
        s = s[s.index("\n") + 1 :]
    elif not from_end and "\n" in s[-200:]:
        s = s[: s.rindex("\n") + 1]
    return s


def compose_output(
    *,
    header: Sequence[str],
    raw: str,
    raw_complete: bool,
    total_bytes: int,
    failing: Sequence[FailingTest],
    scan: OutputScan,
    log_path: str | None,
    cap: int,
) -> str:
    """The capped text the model sees (at most ``cap`` bytes, UTF-8).

    When the whole output fits it is given as is after ``header``. Otherwise: ``header``, the
    always-kept block (failing ids with reasons, ``E`` lines, short test summary; at most half
    of ``cap``), then the head and tail of ``raw`` around a note saying how much was cut and
    where the full log is.
    """
    head_txt = "".join(h.rstrip("\n") + "\n" for h in header)
    whole = head_txt + raw
    if raw_complete and len(whole.encode()) <= cap:
        return whole
    keep: list[str] = []
    if failing:
        keep.append(f"failing tests ({len(failing)}):")
        for f in failing[:100]:
            keep.append(f"  {f.id} - {f.reason}"[:400] if f.reason else f"  {f.id}")
        if len(failing) > 100:
            keep.append(f"  ... and {len(failing) - 100} more")
    if scan.e_lines:
        keep.append("assertion and error lines (E):")
        keep += scan.e_lines
    if scan.summary:
        keep.append("short test summary info:")
        keep += scan.summary
    essentials = "\n".join(keep) + ("\n" if keep else "")
    essentials = _cut_bytes(essentials, cap // 2)
    where = f"full log (outside the workspace): {log_path}" if log_path else "no full log kept"
    note = f"\n[... output cut: {total_bytes} bytes in all; {where} ...]\n"
    budget = cap - len(head_txt.encode()) - len(essentials.encode()) - len(note.encode()) - 40
    budget = max(0, budget)
    head = _cut_bytes(raw, budget * 2 // 5)
    tail = _cut_bytes(raw, budget - len(head.encode()), from_end=True)
    sep = "\n=== always kept: failing ids, E lines, short summary ===\n" if essentials else ""
    out = head_txt + head + note + tail + sep + essentials
    return _cut_bytes(out, cap)


def last_e_line(text: str) -> str:
    """The text of the last ``E`` line of a traceback ("" when it has none)."""
    lines = [ln[1:].strip() for ln in text.splitlines() if _E_LINE.match(ln)]
    return lines[-1] if lines else ""


def case_reason(c: Case) -> str:
    """One line (at most 200 characters) saying why a case failed: ``Type: message``."""
    msg = c.message.strip().splitlines()[0] if c.message.strip() else last_e_line(c.text)
    etype = exception_type(c.message, c.text)
    if etype and not msg.startswith(etype):
        msg = f"{etype}: {msg}" if msg else etype
    return msg[:200]
