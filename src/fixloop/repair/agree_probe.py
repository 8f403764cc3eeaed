"""Run one function of the project on extra inputs under each plausible patch (sandbox side).

Copied into the engine's scratch folder and run as a script by :mod:`fixloop.repair.agree`
through the sandbox, with the scratch work tree as the only writable tree. Stdlib only, and
the screener's copy of :mod:`.screen_bytecode` beside it (the project's interpreter may not have
fixloop).

Job (JSON file named on the command line): ``root`` (the work tree), ``paths`` (``sys.path``
entries to put first), ``module`` and ``func`` (a module-level function), ``inputs`` (each the
text of a literal ``(args_tuple, kwargs_dict)``), ``candidates`` (``[{"id", "files": {relpath:
text}, "lines": {relpath: [1-based lines]}}]``: ``lines``, optional, are the lines the patch
changed or inserted), ``out`` (a JSON-lines result file), ``per_call_s`` (seconds one call may
take).
An input is the text of a literal ``(args, kwargs)``, or ``"@"``, a test file, a newline and an
expression evaluated in that test module's namespace (:mod:`.agree_inputs`).

For each candidate, the parent writes its files, forks a child that imports the module fresh
and calls the function on every input (``repr`` of the result, cut to 300 characters, or
``"!ExceptionName"``; ``"!timeout"`` past the per-call limit), writes one line ``{"id", "out":
[...], "types": [...]}`` (``types``: the result's type name per input, ``"!"`` for an
exception; ``reach``, with ``lines``: per input, 1 when the call ran one of those lines, else 0,
recorded by a ``sys.settrace`` tracer that follows only frames of the changed files), and the
parent restores the files. A candidate with no files runs the code as it is.

``scenarios`` mode (:mod:`.agree_scenario`): the job has ``scenarios`` (each ``{"file", "source",
"tests"}``: a test module rewritten so that its asserts call ``__fixloop_rec``, and the test
functions to run) instead of ``module``, ``func`` and ``inputs``; each child runs every variant's
module and tests and writes per variant a digest of what the tests recorded (and the exception
that ended one) as ``out``, ``"list"`` or ``"!"`` (something raised) as ``types``. With
``watch`` (absolute paths of source files), the digest also holds every value the functions of
those files returned while each test ran, in call order (a ``sys.setprofile`` hook:
:class:`_Returns`), so that a patch changing what the tests' calls compute shows even where no
assert looks (:func:`.agree_scenario.value_changes`).
"""

from __future__ import annotations

import ast
import json
import os
import re
import signal
import sys
from typing import Any

if __package__:  # on the host, inside the fixloop package
    from fixloop.repair.screen_bytecode import write_source
else:  # the copy in the engine folder: the screener copies screen_bytecode.py beside it
    from fixloop_screen_bytecode import write_source  # type: ignore[import-not-found,no-redef]

#: File name of this script's copy in the engine folder.
PROBE_NAME = "fixloop_agree_probe.py"
#: the recording function a ``scenarios`` variant's rewritten asserts call
RECORD = "__fixloop_rec"


#: an object address in a default ``repr`` (differs between two runs of the same code)
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


class _CallTimeout(BaseException):
    """One call ran past the per-call limit."""


def _alarm(signum: int, frame: Any) -> None:
    raise _CallTimeout()


def _arguments(text: str, job: dict[str, Any], spaces: dict[str, Any]) -> tuple[Any, Any]:
    """``(args, kwargs)`` of one input (:mod:`.agree_inputs`' two forms).

    An expression input is evaluated in its test module's namespace (the module run once per
    child, with the patch applied).
    """
    if not text.startswith("@"):
        return ast.literal_eval(text)
    rel, expr = text[1:].split("\n", 1)
    if rel not in spaces:
        import runpy

        spaces[rel] = runpy.run_path(os.path.join(job["root"], rel), run_name="fixloop_probe")
    args, kwargs = eval(expr, dict(spaces[rel]))  # noqa: S307 - the tests' own expressions
    return tuple(args), dict(kwargs)


class _Reach:
    """A ``sys.settrace`` tracer noting whether a call ran one of the given lines.

    ``files``: absolute path -> line numbers; only frames of those files get a line tracer.
    """

    def __init__(self, files: dict[str, set[int]]) -> None:
        self.files = {os.path.realpath(k): v for k, v in files.items()}
        self.known: dict[str, set[int] | None] = {}
        self.hit = False

    def __call__(self, frame: Any, event: str, arg: Any) -> Any:
        name = frame.f_code.co_filename
        if name not in self.known:
            self.known[name] = self.files.get(os.path.realpath(name))
        want = self.known[name]
        if want is None or self.hit:
            return None

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "line" and frame.f_lineno in want:
                self.hit = True
                return None
            return local

        return local


class _Returns:
    """A ``sys.setprofile`` hook noting what each call of the watched files' functions returned.

    ``files``: absolute paths; ``seen`` collects ``"name=repr"`` per return, in call order
    (reprs cut to 300 characters, object addresses dropped so that two runs compare; at most
    ``MAX_RETURNS`` per test).
    """

    MAX_RETURNS = 5000

    def __init__(self, files: list[str]) -> None:
        self.files = {os.path.realpath(f) for f in files}
        self.known: dict[str, bool] = {}
        self.seen: list[str] = []

    def __call__(self, frame: Any, event: str, arg: Any) -> None:
        if event != "return" or len(self.seen) >= self.MAX_RETURNS:
            return
        name = frame.f_code.co_filename
        if name not in self.known:
            self.known[name] = os.path.realpath(name) in self.files
        if not self.known[name]:
            return
        try:
            text = _ADDRESS.sub("", repr(arg))[:300]
        except Exception:  # noqa: BLE001 - a repr that raises is a value too
            text = "!repr"
        self.seen.append(f"{frame.f_code.co_name}={text}")


def _scenarios(job: dict[str, Any], cid: Any, out_path: str) -> None:
    """The ``scenarios`` mode's child: run every variant's tests, one digest per variant."""
    import hashlib

    outputs: list[str] = []
    types: list[str] = []
    sys.path[0:0] = list(job["paths"])
    signal.signal(signal.SIGALRM, _alarm)
    returns = _Returns(job["watch"]) if job.get("watch") else None
    for v in job["scenarios"]:
        parts: list[str] = []
        raised = False
        try:
            path = os.path.join(job["root"], v["file"])
            space: dict[str, Any] = {"__name__": "fixloop_scenario", "__file__": path}
            exec(compile(v["source"], path, "exec"), space)  # noqa: S102 - the tests' own module
            for name in v["tests"]:
                rec: list[Any] = []
                space[RECORD] = rec.append
                try:
                    signal.setitimer(signal.ITIMER_REAL, float(job.get("per_call_s", 1.0)))
                    if returns is not None:
                        returns.seen = []
                        sys.setprofile(returns)
                    space[name]()
                except _CallTimeout:
                    rec.append("!timeout")
                    raised = True
                except Exception as exc:  # noqa: BLE001 - an exception is an output too
                    rec.append(f"!{type(exc).__name__}")
                    raised = True
                finally:
                    sys.setprofile(None)
                    signal.setitimer(signal.ITIMER_REAL, 0)
                parts.append(f"{name}={[repr(x)[:2000] for x in rec]!r}")
                if returns is not None:
                    parts.append(f"{name}:returns={returns.seen!r}")
        except BaseException as exc:  # noqa: BLE001 - the module itself failed
            signal.setitimer(signal.ITIMER_REAL, 0)
            parts.append(f"!module:{type(exc).__name__}")
            raised = True
        outputs.append(hashlib.sha1("\n".join(parts).encode("utf-8", "replace")).hexdigest()[:16])
        types.append("!" if raised else "list")
    with open(out_path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"id": cid, "out": outputs, "types": types}) + "\n")
    os._exit(0)


def _child(job: dict[str, Any], cid: Any, out_path: str, lines: dict[str, list[int]]) -> None:
    if job.get("scenarios"):
        _scenarios(job, cid, out_path)
    outputs: list[str] = []
    types: list[str] = []
    reach: list[int] = []
    tracer = (
        _Reach({os.path.join(job["root"], k): set(v) for k, v in lines.items()}) if lines else None
    )
    try:
        sys.path[0:0] = list(job["paths"])
        import importlib

        mod = importlib.import_module(job["module"])
        fn = getattr(mod, job["func"])
        signal.signal(signal.SIGALRM, _alarm)
        spaces: dict[str, Any] = {}
        for text in job["inputs"]:
            try:
                args, kwargs = _arguments(text, job, spaces)
            except Exception:  # noqa: BLE001 - an input the test module cannot make
                outputs.append("!input")
                types.append("!")
                reach.append(0)
                continue
            if tracer is not None:
                tracer.hit = False
                sys.settrace(tracer)
            try:
                signal.setitimer(signal.ITIMER_REAL, float(job.get("per_call_s", 1.0)))
                value = fn(*args, **kwargs)
                outputs.append(repr(value)[:300])
                types.append(type(value).__name__)
            except _CallTimeout:
                outputs.append("!timeout")
                types.append("!")
            except Exception as exc:  # noqa: BLE001 - an exception is an output too
                outputs.append(f"!{type(exc).__name__}")
                types.append("!")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                if tracer is not None:
                    sys.settrace(None)
                    reach.append(1 if tracer.hit else 0)
    except BaseException as exc:  # noqa: BLE001 - the import failed: one line says so
        outputs, types, reach = [f"!import:{type(exc).__name__}"], ["!"], []
    row: dict[str, Any] = {"id": cid, "out": outputs, "types": types}
    if tracer is not None and len(reach) == len(outputs):
        row["reach"] = reach
    with open(out_path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(row) + "\n")
    os._exit(0)


def main(job_path: str) -> int:
    """Probe every candidate of the job (see the module docstring); returns the exit code."""
    with open(job_path, encoding="utf-8") as fh:
        job = json.load(fh)
    root = job["root"]
    for cand in job["candidates"]:
        saved: dict[str, bytes | None] = {}
        try:
            for rel, text in cand["files"].items():
                p = os.path.join(root, rel)
                with open(p, "rb") as fh:
                    saved[rel] = fh.read()
                write_source(p, text.encode("utf-8"))
            sys.stdout.flush()
            pid = os.fork()
            if pid == 0:
                os.chdir(root)
                _child(job, cand["id"], job["out"], cand.get("lines") or {})
            os.waitpid(pid, 0)
        finally:
            for rel, data in saved.items():
                if data is not None:
                    write_source(os.path.join(root, rel), data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
