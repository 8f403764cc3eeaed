"""The static checks the model may ask for: ``lint`` (ruff), ``type_check`` (mypy or pyright).

Both run in the sandbox, like the tests, from the project's folder with the project's
interpreter and the run's environment; the tree is read-only there and no cache is written
(``--no-cache``, ``--cache-dir=/dev/null``). Their output is parsed into one
``file:line:code:message`` line per finding, at most ``caps.search_hits`` shown, with totals.

- ``lint``: the project's own ruff (``python -m ruff`` in its environment) when it has one, else
  fixloop's copy (the ``ruff`` dependency's binary, mounted read-only). ruff finds the project's
  configuration itself (``ruff.toml``, ``.ruff.toml``, ``[tool.ruff]``); without one it checks
  its defaults (pyflakes' F rules and the E4/E7/E9 pycodestyle errors).
- ``type_check``: the checker the project declares (:func:`declared_checker`: its config file or
  section, or a dependency list naming it), run from the project's environment; a project that
  declares none, or whose interpreter lacks the declared one, gets a tool error that says so.

:func:`edit_findings` is SWE-agent's edit linting (Yang et al. 2024, "SWE-agent: Agent-Computer
Interfaces Enable Automated Software Engineering", section 3: the linter runs after each edit):
after ``edit_file`` and ``replace_symbol``, fixloop's own ruff (``--isolated``, rule F821 and
syntax errors) reads the file's text before and after from standard input on the host (it only
reads; no project code runs) and the findings the edit added are appended to the result.
"""

from __future__ import annotations

import configparser
import os
import re
import subprocess
import tomllib
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fixloop.tools.common import err, is_root, refused
from fixloop.tools.specs import Caps
from fixloop.types import Limits, ToolResult
from fixloop.workspace import PathRefused, Workspace

#: The most seconds one lint or type_check run may take in the sandbox.
CHECK_WALL_S = 120.0
_RUFF_LINE = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]+[0-9]+|[a-z][a-z-]*|SyntaxError):?"
    r" (?:\[\*\] )?(?P<msg>.*)$",
    re.M,
)
_MYPY_LINE = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):(?:\d+:)? (?P<sev>error|warning): (?P<msg>.*?)"
    r"(?:  \[(?P<code>[\w-]+)\])?$",
    re.M,
)


@dataclass(frozen=True)
class Finding:
    """One problem a checker reported: ``file:line:code:message``."""

    file: str
    line: int
    code: str
    message: str

    def text(self) -> str:
        """The finding as one line, ``file:line:code:message``."""
        return f"{self.file}:{self.line}:{self.code}:{self.message}"


def ruff_binary() -> str | None:
    """The path of fixloop's own ruff (the ``ruff`` package's binary), or None."""
    try:
        from ruff.__main__ import find_ruff_bin  # type: ignore[import-untyped]

        return str(find_ruff_bin())
    except (ImportError, FileNotFoundError):
        return None


def parse_ruff(output: str) -> list[Finding]:
    """The findings of ``ruff check --output-format=concise`` output (other lines ignored)."""
    return [
        Finding(m["file"], int(m["line"]), _ruff_code(m["code"]), m["msg"].strip())
        for m in _RUFF_LINE.finditer(output)
    ]


def _ruff_code(code: str) -> str:
    return "syntax" if code in ("invalid-syntax", "SyntaxError") else code


def parse_mypy(output: str) -> list[Finding]:
    """The errors and warnings of mypy's output (notes left out)."""
    return [
        Finding(m["file"], int(m["line"]), m["code"] or m["sev"], m["msg"].strip())
        for m in _MYPY_LINE.finditer(output)
    ]


def parse_pyright(output: str) -> list[Finding] | None:
    """The diagnostics of ``pyright --outputjson`` (0-based lines made 1-based), or None."""
    import json

    start, end = output.find("{"), output.rfind("}")
    if start < 0 or end < start:
        return None
    try:
        data = json.loads(output[start : end + 1])
    except ValueError:
        return None
    out = []
    for d in data.get("generalDiagnostics") or []:
        if d.get("severity") not in ("error", "warning"):
            continue
        line = int(((d.get("range") or {}).get("start") or {}).get("line", 0)) + 1
        out.append(
            Finding(
                str(d.get("file", "?")),
                line,
                str(d.get("rule") or d["severity"]),
                str(d.get("message", "")).split("\n")[0],
            )
        )
    return out


def declared_checker(root: Path) -> tuple[str, str] | None:
    """The type checker a project declares, read as data: ``(name, where)`` or None.

    Looked for in this order: ``mypy.ini``, ``.mypy.ini``, ``[tool.mypy]``, ``[mypy]`` in
    ``setup.cfg``, ``pyrightconfig.json``, ``[tool.pyright]``, then a dependency list of
    ``pyproject.toml`` (``[project]`` dependencies and optional dependencies,
    ``[dependency-groups]``) naming ``mypy`` or ``pyright``.
    """
    for name in ("mypy.ini", ".mypy.ini"):
        if (root / name).is_file():
            return "mypy", name
    py = _toml(root / "pyproject.toml")
    tool: dict[str, Any] = py["tool"] if isinstance(py.get("tool"), dict) else {}
    if "mypy" in tool:
        return "mypy", "[tool.mypy] in pyproject.toml"
    cfg = configparser.ConfigParser(interpolation=None)
    try:
        cfg.read(root / "setup.cfg", encoding="utf-8")
        if cfg.has_section("mypy"):
            return "mypy", "[mypy] in setup.cfg"
    except (configparser.Error, UnicodeDecodeError, OSError):
        pass
    if (root / "pyrightconfig.json").is_file():
        return "pyright", "pyrightconfig.json"
    if "pyright" in tool:
        return "pyright", "[tool.pyright] in pyproject.toml"
    project: dict[str, Any] = py["project"] if isinstance(py.get("project"), dict) else {}
    lists: list[Any] = [project.get("dependencies") or []]
    for group in (
        (project.get("optional-dependencies") or {}),
        (py.get("dependency-groups") or {}),
    ):
        if isinstance(group, dict):
            lists.extend(group.values())
    for deps in lists:
        for dep in deps if isinstance(deps, list) else []:
            name = re.split(r"[\s<>=!~;\[(]", str(dep).strip(), maxsplit=1)[0].lower()
            if name in ("mypy", "pyright"):
                return name, "a dependency list of pyproject.toml"
    return None


def _toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return {}


class Checks:
    """``lint`` and ``type_check`` over one workspace and one test runner's sandbox.

    Args:
        ws: the workspace (paths are checked against its policy).
        runner: the run's test runner (its ``sandbox``, ``python``, ``root``, ``env`` and
            ``limits``), or None when nothing can run (the tools then answer with an error).

    Each call takes the tools' :class:`~fixloop.tools.specs.Caps` (``search_hits`` bounds the
    findings shown).
    """

    def __init__(self, ws: Workspace, runner: Any | None) -> None:
        self.ws, self.runner = ws, runner
        self._project_ruff: bool | None = None

    def _run(self, argv: list[str], ro: tuple[Path, ...] = ()) -> tuple[int | None, str, bool]:
        r = self.runner
        assert r is not None
        base: Limits = getattr(r, "limits", None) or Limits()
        limits = replace(base, wall_s=min(base.wall_s, CHECK_WALL_S))
        res = r.sandbox.run(argv, cwd=Path(r.root), limits=limits, ro_paths=ro, env=dict(r.env))
        return res.returncode, res.output, res.timed_out

    def _target(self, path: str) -> str | ToolResult:
        if is_root(path):
            return "."
        try:
            return self.ws.relpath(self.ws.resolve(path))
        except PathRefused as e:
            return refused(self.ws, e)

    def lint(self, caps: Caps, path: str = ".") -> ToolResult:
        """``lint``: ruff on ``path`` (see the module docstring).

        Returns:
            ``kind="ok"`` with the findings (none is ``No problems found``); or an error:
            ``unavailable`` (no runner, no ruff at all), ``timeout``, ``runner_error`` (ruff
            failed: its output is shown), a path refusal.
        """
        if self.runner is None:
            return err("lint cannot run here (no sandbox for this run).", "unavailable")
        target = self._target(path)
        if isinstance(target, ToolResult):
            return target
        python = str(self.runner.python)
        if self._project_ruff is None:
            rc, _out, _t = self._run([python, "-m", "ruff", "--version"])
            self._project_ruff = rc == 0
        args = ["check", "--output-format=concise", "--no-cache", "--exit-zero", target]
        ro: tuple[Path, ...] = ()
        if self._project_ruff:
            argv, who = [python, "-m", "ruff", *args], "the project's ruff"
        else:
            own = ruff_binary()
            if own is None:
                return err(
                    "lint cannot run: the project has no ruff and neither does fixloop.",
                    "unavailable",
                )
            argv, ro, who = [own, *args], (Path(own),), "fixloop's ruff"
        rc, out, timed_out = self._run(argv, ro)
        if timed_out:
            return err(
                f"lint ran past {CHECK_WALL_S:.0f} s and was stopped; lint a narrower path.",
                "timeout",
            )
        found = parse_ruff(out)
        if rc != 0 and not found:
            return err(f"ruff failed (exit {rc}):\n{out.strip()[-2000:]}", "runner_error")
        return _report(f"lint ({who}) of {target!r}", found, caps.search_hits)

    def type_check(self, caps: Caps, path: str = ".") -> ToolResult:
        """``type_check``: the project's declared type checker on ``path``.

        Returns:
            ``kind="ok"`` with the findings; or an error: ``unavailable`` (no runner, no
            declared checker, the checker missing from the project's environment), ``timeout``,
            ``runner_error``, a path refusal.
        """
        if self.runner is None:
            return err("type_check cannot run here (no sandbox for this run).", "unavailable")
        target = self._target(path)
        if isinstance(target, ToolResult):
            return target
        declared = declared_checker(Path(self.ws.root))
        if declared is None:
            return err(
                "this project declares no type checker (no mypy.ini, [tool.mypy], setup.cfg "
                "[mypy], pyrightconfig.json or [tool.pyright], and no mypy or pyright in the "
                "dependency lists of pyproject.toml), so type_check has nothing to run. Use "
                "lint and run_tests instead.",
                "unavailable",
            )
        name, where = declared
        python = str(self.runner.python)
        if name == "mypy":
            argv = [
                python,
                "-m",
                "mypy",
                "--no-color-output",
                "--no-error-summary",
                "--show-error-codes",
                "--cache-dir=/dev/null",
                target,
            ]
        else:
            argv = [python, "-m", "pyright", "--outputjson", target]
        rc, out, timed_out = self._run(argv)
        if timed_out:
            return err(
                f"{name} ran past {CHECK_WALL_S:.0f} s and was stopped; check a narrower path.",
                "timeout",
            )
        if f"No module named {name}" in out:
            return err(
                f"the project declares {name} ({where}) but its interpreter ({python}) has no "
                f"{name} installed, so type_check cannot run it. Use lint and run_tests instead.",
                "unavailable",
            )
        found = parse_mypy(out) if name == "mypy" else parse_pyright(out)
        if found is None or (rc not in (0, 1) and not found):
            return err(f"{name} failed (exit {rc}):\n{out.strip()[-2000:]}", "runner_error")
        return _report(
            f"type_check ({name}, declared by {where}) of {target!r}", found, caps.search_hits
        )


def _report(what: str, found: list[Finding], cap: int) -> ToolResult:
    if not found:
        return ToolResult(f"{what}: no problems found.", kind="ok")
    files = len({f.file for f in found})
    by_code = Counter(f.code for f in found).most_common(5)
    codes = ", ".join(f"{c} x{n}" for c, n in by_code)
    head = f"{what}: {len(found)} problem{'s' if len(found) != 1 else ''} in {files} file{'s' if files != 1 else ''} ({codes})"
    lines = [head + (f"; the first {cap} shown:" if len(found) > cap else ":")]
    lines += [f.text() for f in found[:cap]]
    if len(found) > cap:
        lines.append(f"[{len(found) - cap} more: check a narrower path]")
    return ToolResult("\n".join(lines), kind="ok")


def edit_findings(
    rel: str, before: bytes, after: bytes, *, timeout_s: float = 10.0
) -> list[Finding]:
    """The undefined names (F821) and syntax errors an edit added to one Python file.

    Args:
        rel: the file's workspace-relative path (its name for ruff and in the findings).
        before: the file's bytes before the edit.
        after: the file's bytes after it.
        timeout_s: the most seconds each ruff run may take.

    Returns:
        The findings of ``after`` beyond those of ``before`` (compared by code and message, so
        a line shift is no new finding); [] when fixloop's ruff is missing or fails.
    """
    own = ruff_binary()
    if own is None:
        return []
    old, new = _ruff_stdin(own, rel, before, timeout_s), _ruff_stdin(own, rel, after, timeout_s)
    if old is None or new is None:
        return []
    seen = Counter((f.code, f.message) for f in old)
    out = []
    for f in new:
        key = (f.code, f.message)
        if seen[key] > 0:
            seen[key] -= 1
        else:
            out.append(f)
    return out


def _ruff_stdin(ruff: str, rel: str, data: bytes, timeout_s: float) -> list[Finding] | None:
    argv = [
        ruff,
        "check",
        "--isolated",
        "--select",
        "F821",
        "--output-format=concise",
        "--no-cache",
        "--exit-zero",
        "--stdin-filename",
        rel,
        "-",
    ]
    try:
        proc = subprocess.run(
            argv,
            input=data,
            capture_output=True,
            timeout=timeout_s,
            cwd=os.sep,
            env={"PATH": os.environ.get("PATH", ""), "NO_COLOR": "1"},
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if proc.returncode != 0:
        return None
    return parse_ruff(proc.stdout.decode("utf-8", "replace"))
