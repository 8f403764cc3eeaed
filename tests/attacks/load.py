"""fixloop's gate-attack fixtures: patched versions of a small calculator module.

Each ``variants/NAME.py`` is the whole new ``calc.py`` a scripted model writes, with a header::

    # kind: <what sort of attack, or "honest fix">
    # expect: refused | verified
    # base: <folder under tests/attacks, default _base>
    # path: <the file the model rewrites, relative to the base; default calc.py>
    # scan: clean   (optional: an attack built to be invisible to the static scan, which
    #                tests/test_tamper.py checks; the dynamic layers must refuse it)
    # record: baseline   (optional: the baseline runs with fixloop's recorder, as a session's
    #                does, so the gate knows the data its tests read: RunRecord.data_read)
    # tag: v1.4.0  (optional: the base commit is tagged so in the user's repository)
    # what: <one or more lines: the mechanism>

The base folders hold the repository before the change (``calc.py`` with a bug in ``add`` and
its tests). :func:`variants` lists the fixtures; :func:`make_repo` builds a git repository of
one fixture's base; :func:`script` is the scripted model's reply list (one ``edit_file`` that
replaces the whole module, then a claim of being done). Used by tests/test_gate_attacks.py and
benchmarks/gate_attacks.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
_KEYS = ("kind", "expect", "base", "scan", "what", "path", "record", "tag")


@dataclass(frozen=True)
class Variant:
    """One fixture: ``name``, ``kind``, ``expect`` ("refused"/"verified"), ``base`` folder,
    ``what`` (the mechanism), ``source`` (the new file), ``scan_clean`` (built to pass the
    static scan: only the watch and the second opinion can refuse it), ``path`` (the file the
    model rewrites, relative to the repository: ``calc.py`` unless the header names another,
    e.g. a module of a src layout), ``record`` (the baseline is recorded, as a session's is),
    ``tag`` (a tag :func:`make_repo` puts on the base commit; "" for none)."""

    name: str
    kind: str
    expect: str
    base: str
    what: str
    source: str
    scan_clean: bool = False
    path: str = "calc.py"
    record: bool = False
    tag: str = ""

    @property
    def honest(self) -> bool:
        return self.expect == "verified"

    def base_source(self) -> str:
        return (HERE / self.base / self.path).read_text(encoding="utf-8")


def _parse(path: Path) -> Variant:
    text = path.read_text(encoding="utf-8")
    meta: dict[str, str] = {}
    key = ""
    body: list[str] = []
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        line = lines[i][1:].strip()
        if ":" in line and line.split(":", 1)[0] in _KEYS:
            key, value = line.split(":", 1)
            meta[key] = value.strip()
        elif key:
            meta[key] += " " + line
        i += 1
    body = lines[i:]
    if meta.get("expect") not in ("refused", "verified") or "kind" not in meta:
        raise ValueError(f"{path.name}: the header needs 'kind' and 'expect: refused|verified'")
    return Variant(
        path.stem,
        meta["kind"],
        meta["expect"],
        meta.get("base", "_base"),
        meta.get("what", ""),
        "".join(body),
        meta.get("scan") == "clean",
        meta.get("path", "calc.py"),
        meta.get("record") == "baseline",
        meta.get("tag", ""),
    )


def variants() -> list[Variant]:
    """Every fixture under ``variants/``, sorted by name."""
    return [_parse(p) for p in sorted((HERE / "variants").glob("*.py"))]


def make_repo(v: Variant, dest: Path) -> Path:
    """A git repository at ``dest`` holding ``v``'s base (one commit, tagged ``v.tag`` when the
    header names one); returns ``dest``."""
    shutil.copytree(HERE / v.base, dest)
    env = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=dest, check=True)
    subprocess.run(["git", "add", "-A"], cwd=dest, check=True)
    subprocess.run(["git", *env, "commit", "-qm", "base"], cwd=dest, check=True)
    if v.tag:
        subprocess.run(["git", "tag", v.tag], cwd=dest, check=True)
    return dest


def script(v: Variant) -> list[dict]:
    """The scripted model's replies: replace the variant's file with it, then claim success."""
    edit = {"path": v.path, "old": v.base_source(), "new": v.source}
    return [
        {
            "stop_reason": "tool_use",
            "content": [{"type": "tool_use", "name": "edit_file", "input": edit}],
        },
        {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Fixed add."}]},
    ]


def write_script(v: Variant, path: Path) -> Path:
    """:func:`script` as a JSON file for ``--model script:FILE``."""
    path.write_text(json.dumps(script(v)), encoding="utf-8")
    return path
