"""The test-machinery scan's rule tables: what is suspect, and a reviewer's words for each.

:mod:`fixloop.tamper` matches a change's syntax tree against these tables (after import aliases
and constant folding, :mod:`fixloop.tamper_fold`); :func:`describe` turns a construct it found
into words a reviewer understands. The lying-result rules and the sandbox probes keep their own
tables and words (:mod:`fixloop.tamper_results`, :mod:`fixloop.tamper_probes`).
"""

from __future__ import annotations

import re

from fixloop import tamper_mutation, tamper_probes, tamper_results

#: Modules whose import from the code under test can reach the running test framework.
#: ``__main__`` is the module the process started with: pytest's own under ``python -m pytest``,
#: none with a file under the gate's ``python -c``, the user's script in production, so
#: ``hasattr(__main__, "__file__")`` tells the gate's run from the user's (inflect 7.4.0: a fix
#: made only where ``__main__`` has no ``__file__`` was verified, and failed ``python -m pytest``).
SUSPECT_MODULES = frozenset(
    {
        "pytest",
        "_pytest",
        "pluggy",
        "iniconfig",
        "unittest",
        "atexit",
        "builtins",
        "importlib",
        "gc",
        "ctypes",
        "__main__",
    }
)

#: Distributions only the test runner brings (pytest's dependencies with no everyday use): code
#: keyed on whether they are installed answers one way wherever the tests run (red team 5 K2).
#: Imports and strings naming them are flagged; the gate drops the findings for a project that
#: declares one as a runtime dependency (:mod:`fixloop.gate.rundeps`).
RUNNER_DEPENDENCIES = frozenset({"pluggy", "iniconfig"})

#: Attribute chains (after import aliases and constant folding) and what they do, in words.
SUSPECT_ATTRIBUTES: dict[str, str] = {
    "sys.modules": "looks up or patches loaded modules (the test runner is one of them)",
    "sys.settrace": "installs a tracer that sees every frame of the test run",
    "sys.setprofile": "installs a profiler that sees every frame of the test run",
    "sys._getframe": "reads the call stack (the test runner's frames are on it)",
    "sys._getframemodulename": "reads the call stack",
    "sys._current_frames": "reads every thread's call stack",
    "sys.excepthook": "replaces how uncaught errors are reported",
    "sys.unraisablehook": "replaces how errors at exit are reported",
    "sys.addaudithook": "adds an audit hook (the gate's own watch uses these)",
    "sys.argv": "reads the command line (asks how it was started, e.g. by pytest)",
    "sys.orig_argv": "reads the command line (asks how it was started, e.g. by pytest)",
    "os._exit": "ends the process at once (skips the test runner's own reporting)",
    "os.kill": "sends a signal (can stop or confuse the test process)",
    "os.killpg": "sends a signal to a process group",
    "os.abort": "ends the process at once",
    "os.mkfifo": "creates a FIFO (can hang whoever reads the result files)",
    "inspect.stack": "reads the call stack (the test runner's frames are on it)",
    "inspect.currentframe": "reads the call stack",
    "inspect.getouterframes": "reads the call stack",
    "inspect.getframeinfo": "reads a stack frame",
    "inspect.trace": "reads the frames of the current exception",
    "traceback.extract_stack": "reads the call stack (e.g. to find test_ functions on it)",
    "traceback.walk_stack": "walks the call stack",
    "traceback.format_stack": "reads the call stack",
    "traceback.print_stack": "reads the call stack",
    "traceback.StackSummary": "reads the call stack",
    "threading.settrace": "installs a tracer in every new thread",
    "threading.setprofile": "installs a profiler in every new thread",
    "threading.excepthook": "replaces how thread errors are reported",
    "weakref.finalize": "runs code at interpreter exit, after the tests reported",
    "signal.signal": "installs a signal handler (code that runs when the process is signalled)",
    "signal.alarm": "schedules a signal (code that runs later, outside the test)",
    "signal.setitimer": "schedules a signal (code that runs later, outside the test)",
    "signal.raise_signal": "signals its own process",
    "signal.pthread_kill": "signals a thread of its own process",
    "os.dup2": "rewires the process's file descriptors (can silence or fake the harness's channels)",
    "os.closerange": "closes descriptors it did not open (can silence the harness's channels)",
}

#: Descriptor calls that are suspect on a descriptor the code did not open (a guessed number).
_FD_CALLS = frozenset(
    {
        "os.write",
        "os.fstat",
        "os.close",
        "os.dup",
        "os.fdopen",
        "os.lseek",
        "os.ftruncate",
        "os.set_inheritable",
        "os.read",
    }
)

#: Names that only matter when code wants to know about, or change, the test run.
SUSPECT_NAMES: dict[str, str] = {
    "__builtins__": "reaches the interpreter's builtins",
    "__import__": "imports a module by a computed name",
    "PYTEST_CURRENT_TEST": "asks whether a test is running",
}

#: Attributes that reach interpreter internals on any object (frames, code, class graph).
REFLECTION_ATTRIBUTES: dict[str, str] = {
    "__subclasses__": "walks the class graph (can reach the test runner's classes)",
    "__globals__": "reaches a function's module namespace (can patch another module)",
    "__builtins__": "reaches the interpreter's builtins",
    "__code__": "reads or replaces a function's code",
    "__closure__": "reads or replaces a function's captured variables",
    "f_back": "climbs the call stack (the test runner's frames are above)",
    "f_locals": "reads another frame's local variables",
    "f_globals": "reads another frame's module namespace",
    "f_code": "reads which function a frame runs (e.g. looks for test_ functions)",
    "f_builtins": "reaches a frame's builtins",
    "tb_frame": "climbs from an exception into the call stack",
    "tb_next": "walks a traceback's frames",
    "gi_frame": "reaches a generator's frame",
    "cr_frame": "reaches a coroutine's frame",
    "ag_frame": "reaches an async generator's frame",
}

#: Environment variable names whose lookup means "am I being tested?".
TEST_ENV_NAMES = frozenset(
    {
        "CI",
        "GITHUB_ACTIONS",
        "TRAVIS",
        "GITLAB_CI",
        "JENKINS_URL",
        "BUILDKITE",
        "TOX_ENV_NAME",
        "CONTINUOUS_INTEGRATION",
        "TF_BUILD",
        "CIRCLECI",
    }
)

#: String literals (whole word, case-insensitive) that name the test machinery; ``fixloop`` too:
#: the gate's checkout lives under ``~/.fixloop``, so ``".fixloop" in __file__`` is true in the
#: gate's runs only (inflect 7.4.0: a fix made only there was verified, and the user's
#: checkout kept the bug).
_SUSPECT_TEXT = re.compile(
    r"(?<![A-Za-z0-9])(_?pytest(?:_\w*)?|junit(?:xml|_\w*)?|conftest|unittest|pluggy|iniconfig|fixloop)"
    r"(?![A-Za-z0-9])",
    re.I,
)
#: Strings that match test-function or test-class names (looked for on the stack).
_TEST_NAME_TEXT = re.compile(r"^(test_?|Test|tests?/?)$")

_EQUALITY = {"__eq__": True, "__ne__": False}

#: Names of internals that only a string lookup (``getattr``, ``vars()[...]``) would hide.
_INTERNAL_NAMES = frozenset(
    set(REFLECTION_ATTRIBUTES)
    | {"__builtins__", "__import__"}
    | {a.rsplit(".", 1)[1] for a in SUSPECT_ATTRIBUTES if a.count(".") == 1}
    - {"argv", "signal", "alarm", "kill", "abort", "stack", "trace", "modules", "StackSummary"}
)


def describe(construct: str) -> str:
    """A reviewer's words for a construct name produced by :func:`constructs`.

    Args:
        construct: e.g. ``"sys._getframe"``, ``"import gc"``, ``"attribute f_back"``.

    Returns:
        one short clause; ``""`` for an unknown construct.
    """
    if construct in SUSPECT_ATTRIBUTES:
        return SUSPECT_ATTRIBUTES[construct]
    if construct in SUSPECT_NAMES:
        return SUSPECT_NAMES[construct]
    if construct.startswith("attribute "):
        return REFLECTION_ATTRIBUTES.get(construct.split(" ", 1)[1], "")
    if construct in ("import __main__", "from __main__ import ..."):
        return "imports the main module (asks how the process was started, e.g. by pytest)"
    if construct.startswith(("import ", "from ")):
        if construct.split(" ")[1].split(".")[0] in RUNNER_DEPENDENCIES:
            return (
                "imports a package only the test runner brings (pytest's dependency): code keyed "
                "on it answers one way wherever the tests run (a project using it declares it)"
            )
        return "imports a module that reaches the running test framework"
    if construct.startswith("name "):
        return "names an interpreter internal in a string (hides what it reaches)"
    if construct.startswith("string "):
        return "names the test machinery"
    if construct.startswith("test-name string"):
        return "matches test-function names (asks whether it is tested)"
    if construct.startswith("env "):
        return "reads an environment variable that says whether tests or CI are running"
    if construct.startswith(("getattr", "setattr", "delattr", "hasattr")):
        return "reaches a module attribute by a computed name (hides what it uses)"
    if construct.startswith("vars("):
        return "reads a module's whole namespace"
    if construct.endswith("on a guessed descriptor"):
        return "uses a descriptor it did not open (the harness's pipes are such descriptors)"
    if construct in ("exec()", "compile()"):
        return "runs code built at run time (what it does cannot be read in the change)"
    if construct.startswith(("__eq__", "__ne__")):
        return "an equality that ignores what it compares with: every assertion on it passes"
    return (
        tamper_results.describe(construct)
        or tamper_probes.describe(construct)
        or tamper_mutation.describe(construct)
    )
