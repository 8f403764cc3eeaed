"""The second opinion: fixloop's own small test runner, run inside the sandbox in a fresh process.

pytest decides what passed through its own objects (``CallInfo``, ``TestReport``, hooks of
plugins, the JUnit writer), and code under test that reaches them can rewrite the verdict. This
runner asks pytest only to *collect* the tests (so fixtures, parametrization and ``conftest.py``
behave as in the project) and then runs each one itself: it sets up the item's fixtures
(``SetupState.setup``, the same call pytest's runner makes), calls the test function with its
arguments on the main thread, in the fixtures' context, a few frames deep (as a direct call
from a script is), and decides from that call alone: it returned -> ``passed``; it raised a skip ->
``skipped``; it raised anything else -> ``failed`` (an error in setup -> ``error``). No report
object, hook or result file of pytest is consulted. unittest ``TestCase`` tests run through
``unittest`` itself (``TestSuite.run``), judged from its ``TestResult``.

Results go out at once over the audit channel (:func:`fixloop.testrun.inside.audithook.emit`), one
``{"t": "result", "id", "outcome", "msg"}`` record per test, so nothing written at exit can
change them; the audit hook is installed first and watches this run as it watches the gate's.
Tests it cannot judge by itself (``async def`` tests that need a plugin's loop, items that are
not Python functions such as doctests) are reported as ``unknown``. Stdlib only (pytest is
imported from the project's interpreter); the harness passes this module's source.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterable
from typing import Any

#: fixloop's own modules by name (``_fixloop_audit``...), filled by the harness's program once
#: all are loaded (:func:`fixloop.testrun.audit.inline_program`), which then takes them out of
#: ``sys.modules``; empty when this file is imported as a package module (tests).
_PEERS: dict = {}


def _peer(name: str) -> Any:
    """The own module ``name`` of fixloop: from :data:`_PEERS`, else ``sys.modules``; or None."""
    return _PEERS.get(name) or sys.modules.get(name)


#: The recursion limit before pytest or project code ran (the interpreter's default).
_START_LIMIT = sys.getrecursionlimit()


def _emit(rec: dict) -> None:
    _peer("_fixloop_audit").emit(rec)


def _message(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".strip()
    return text.splitlines()[0][:300] if text else type(exc).__name__


def _run_unittest(item: object, skip_exc: tuple) -> tuple[str, str]:
    """A unittest case inside pytest's setup and call hooks (:func:`_run_function`'s rule).

    fixloop's setup step is empty (``unittest``'s own suite sets the case up); its call step
    is :func:`_unittest_case`.
    """
    setup = _phase(item, "pytest_runtest_setup", {"item": item})
    setup.before()
    failure = setup.after()
    if isinstance(failure, KeyboardInterrupt):
        raise failure
    if isinstance(failure, skip_exc):
        return "skipped", _message(failure)
    if failure is not None:
        return "error", "setup: " + _message(failure)
    call = _phase(item, "pytest_runtest_call", {"item": item})
    if not call.before():
        failure = call.after()
        return "failed", "pytest_runtest_call: " + _message(failure or RuntimeError("not run"))
    verdict = _unittest_case(item)
    failure = call.after()
    if isinstance(failure, KeyboardInterrupt):
        raise failure
    if failure is not None and verdict[0] == "passed":
        return "failed", "pytest_runtest_call: " + _message(failure)
    return verdict


def _unittest_case(item: object) -> tuple[str, str]:
    import unittest

    cls = _own_class(item.parent)  # type: ignore[attr-defined]
    name = getattr(item, "originalname", None) or item.name  # type: ignore[attr-defined]
    if cls is None:
        return "failed", "fixloop's runner: the test's class is not its module's own"
    result = unittest.TestResult()
    unittest.TestSuite([cls(name)]).run(result)
    if result.errors:
        return "failed", result.errors[0][1].strip().splitlines()[-1][:300]
    if result.failures:
        return "failed", result.failures[0][1].strip().splitlines()[-1][:300]
    if result.unexpectedSuccesses:
        return "failed", "unexpected success"
    if result.skipped and not result.testsRun - len(result.skipped):
        return "skipped", str(result.skipped[0][1])[:300]
    return ("passed", "") if result.testsRun else ("unknown", "unittest ran nothing")


def _hooks() -> Any:
    """The hook driver of fixloop (:mod:`fixloop.testrun.inside.secondhooks`)."""
    got = _peer("_fixloop_secondhooks")
    if got is None:  # imported as a package module (fixloop's own tests)
        from fixloop.testrun.inside import secondhooks as got
    return got


def _phase(node: object, name: str, kwargs: dict, first: bool = False) -> Any:
    """A :class:`fixloop.testrun.inside.secondhooks.Phase` of hook ``name`` around a step."""
    return _hooks().Phase(node, name, kwargs, firstresult=first, audit=_peer("_fixloop_audit"))


def _run_function(item: object, skip_exc: tuple, fail_hint: str) -> tuple[str, str]:
    """Set up, call and judge one test function, inside pytest's setup and call hooks.

    The hooks' trusted implementations run around fixloop's own steps (red-team G19/G20:
    ``caplog`` read the logging plugin's ``item.stash``, a conftest's ``pytest_runtest_setup``
    set state the test needs); the verdict is the call's own (:func:`_call_main`): a hook that
    raises can only fail the test.
    """
    import inspect

    session = item.session  # type: ignore[attr-defined]
    setup = _phase(item, "pytest_runtest_setup", {"item": item})
    failure: BaseException | None = None
    if setup.before():
        try:
            session._setupstate.setup(item)
        except BaseException as e:  # noqa: BLE001 - any setup failure is an error of the test
            failure = e
    failure = setup.after(failure)
    if isinstance(failure, KeyboardInterrupt):
        raise failure
    if isinstance(failure, skip_exc):
        return "skipped", _message(failure)
    if failure is not None:
        return "error", "setup: " + _message(failure)
    func = _own_function(item)
    if func is None:
        return "failed", (
            "fixloop's runner: the test's function is not its module's (or class's) own "
            f"{getattr(item, 'originalname', None) or getattr(item, 'name', '?')}: "
            "the item's function was replaced at run time"
        )
    if inspect.iscoroutinefunction(func) or inspect.isasyncgenfunction(func):
        return "unknown", "an async test needs its plugin's event loop"
    names = item._fixtureinfo.argnames  # type: ignore[attr-defined]
    kwargs = {n: item.funcargs[n] for n in names}  # type: ignore[attr-defined]
    seen = None
    if "subtests" in kwargs and hasattr(kwargs["subtests"], "test"):
        seen = kwargs["subtests"] = _hooks().SubtestsSeen(kwargs["subtests"], skip_exc)
    start = time.time()
    verdict: tuple[str, str] = ("passed", fail_hint)
    call = _phase(item, "pytest_runtest_call", {"item": item})
    called = call.before()
    error = _call_main(func, kwargs) if called else call.exc
    after = call.after(error)
    if isinstance(error, skip_exc):
        verdict = ("skipped", _message(error))
    elif isinstance(error, KeyboardInterrupt):
        raise error
    elif error is not None:
        verdict = ("failed", _message(error))
    elif seen is not None and seen.failures:  # pytest fails such a test too
        verdict = (
            "failed",
            f"{len(seen.failures)} subtest(s) failed: {_message(seen.failures[0])}",
        )
    elif not called or after is not None:  # a hook kept the test from running, or raised
        why = _message(after) if after is not None else "the test was not called"
        verdict = ("failed", "pytest_runtest_call: " + why)
    _tell_plugins(item, error, start)
    return verdict


def _module_of(node: object) -> object | None:
    """The module object of a pytest ``Module`` node, checked against its file and sys.modules.

    None when the node's object is not the module imported from the node's file (a module
    object swapped into the node at run time).
    """
    mod = node.obj  # type: ignore[attr-defined]
    path = str(getattr(node, "path", "") or "")
    got = _static(mod, "__file__")
    if not isinstance(got, str) or not path:
        return None
    if os.path.realpath(got) != os.path.realpath(path):
        return None
    name = _static(mod, "__name__")
    if isinstance(name, str) and name in sys.modules and sys.modules[name] is not mod:
        return None
    return mod


def _static(obj: object, name: str) -> object:
    """``obj``'s attribute ``name`` as stored (no ``__getattr__``, no descriptor run), or None."""
    import inspect

    try:
        return inspect.getattr_static(obj, name)
    except AttributeError:
        return None


def _own_class(node: object) -> type | None:
    """The class a pytest ``Class`` node names, read from its module (:func:`_module_of`).

    Not the node's ``obj``, which code under test could replace (a subclass whose assertions
    pass): the module's attribute of the node's name, or None.
    """
    parent = getattr(node, "parent", None)
    from _pytest.python import Module

    if not isinstance(parent, Module):
        return None
    mod = _module_of(parent)
    cls = _static(mod, str(getattr(node, "name", ""))) if mod is not None else None
    return cls if isinstance(cls, type) else None


def _own_function(item: object) -> object | None:
    """The function the test item names, found by fixloop itself: never ``item.obj``.

    The test module (checked by :func:`_module_of`), then each enclosing class by its node's
    name, then the item's original name (``test_x`` of ``test_x[1]``), each read as stored
    (``inspect.getattr_static``); a method is bound to the item's instance, which must be an
    instance of that class (pytest makes one per test). Red-team F20: code under test
    registered a pytest plugin at import whose hook set each item's ``obj`` to a no-op; pytest
    and this runner both called the no-op and the failing tests passed. Returns None when the
    function cannot be found that way (a node tree or instance swapped at run time, an item a
    plugin built around another callable).
    """
    from _pytest.python import Class, Module

    classes: list[str] = []
    node = getattr(item, "parent", None)
    while node is not None and not isinstance(node, Module):
        if isinstance(node, Class):
            classes.append(node.name)
        node = getattr(node, "parent", None)
    if node is None:
        return None
    holder = _module_of(node)
    if holder is None:
        return None
    for cname in reversed(classes):
        holder = _static(holder, cname)
        if not isinstance(holder, type):
            return None
    name = str(getattr(item, "originalname", None) or getattr(item, "name", ""))
    raw = _static(holder, name)
    if raw is None:
        return None
    if not classes:
        return raw
    instance = getattr(item, "instance", None)
    if not isinstance(instance, holder):  # type: ignore[arg-type]
        return None
    getter = getattr(type(raw), "__get__", None)
    return getter(raw, instance, holder) if getter is not None else raw


def _call_main(func: object, kwargs: dict) -> BaseException | None:
    """Call the test function in this (the main) thread; its exception (None when it returned).

    The call is made where pytest makes it: on the main thread, in the context the fixtures were
    set up in (a ``contextvars.ContextVar`` or a ``threading.local`` an autouse fixture set is
    seen, as under pytest: red-team F24, an honest fix refused when a fresh thread's empty
    context raised ``LookupError``), with no interval timer armed and no handler of fixloop's
    for ``SIGALRM`` (red-team F22: code that answered right off the main thread, or while
    fixloop's per-test timer was armed, passed both here and in the gate's pytest runs).

    This thread's stack is a few frames deep here (:func:`_session_from_here`), as a direct
    call's is, so a probe of the room left on the stack (recursing until ``RecursionError``)
    that answers right only under pytest's some 40 frames disagrees with the gate's pytest run.
    The recursion limit is the one the process started with (or higher, when the project
    raised it).
    """
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(_START_LIMIT, limit))
    try:
        func(**kwargs)  # type: ignore[operator]
    except BaseException as e:  # noqa: BLE001 - a raise is the test's verdict
        return e
    finally:
        sys.setrecursionlimit(limit)
    return None


def _tell_plugins(item: object, error: BaseException | None, start: float) -> None:
    """Give plugins the call phase they keep state from (``tmp_path`` reads it at teardown).

    The report pytest builds here is thrown away: the verdict was decided above.
    """
    try:
        from _pytest._code import ExceptionInfo
        from _pytest.runner import CallInfo

        excinfo = None
        if error is not None:
            tb = error.__traceback__
            excinfo = ExceptionInfo.from_exc_info((type(error), error, tb))  # type: ignore[arg-type]
        stop = time.time()
        call: CallInfo[None] = CallInfo(
            None, excinfo, start, stop, stop - start, "call", _ispytest=True
        )
        item.ihook.pytest_runtest_makereport(item=item, call=call)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - bookkeeping of plugins only
        pass


def _run_items(items: list, done: dict, fail_hint: str) -> None:
    """Judge each of ``items`` (set up, call, decide, tear down); record and emit each verdict.

    Each test runs inside the trusted wrappers of ``pytest_runtest_protocol`` (the warnings
    plugin's ``filterwarnings``, a conftest's wrapper) and its teardown inside
    ``pytest_runtest_teardown``'s implementations (:mod:`fixloop.testrun.inside.secondhooks`).
    """
    from _pytest.outcomes import Skipped
    from _pytest.python import Function

    try:
        from _pytest.unittest import TestCaseFunction
    except ImportError:  # pragma: no cover - every supported pytest has it
        TestCaseFunction = ()  # type: ignore[assignment,misc]

    # pytest's own variables (PYTEST_VERSION...) say "under pytest": not here
    for key in [k for k in os.environ if k.upper().startswith("PYTEST")]:
        del os.environ[key]
    for i, item in enumerate(items):
        nextitem = items[i + 1] if i + 1 < len(items) else None
        both = {"item": item, "nextitem": nextitem}
        protocol = _phase(item, "pytest_runtest_protocol", both, first=True)
        outcome, msg = "error", "a wrapper of pytest_runtest_protocol kept the test from running"
        if protocol.before():
            if isinstance(item, TestCaseFunction):
                outcome, msg = _run_unittest(item, (Skipped,))
            elif isinstance(item, Function):
                outcome, msg = _run_function(item, (Skipped,), fail_hint)
            else:
                outcome, msg = "unknown", f"not a Python test function ({type(item).__name__})"
            teardown = _phase(item, "pytest_runtest_teardown", both)
            failure: BaseException | None = None
            if teardown.before():
                try:
                    item.session._setupstate.teardown_exact(nextitem)  # type: ignore[attr-defined]
                except BaseException as e:  # noqa: BLE001 - a teardown error fails the test
                    failure = e
            failure = teardown.after(failure)
            if isinstance(failure, KeyboardInterrupt):
                raise failure
            if failure is not None and outcome == "passed":
                outcome, msg = "error", "teardown: " + _message(failure)
            ended = protocol.after(result=True)
        else:
            ended = protocol.after()
        if isinstance(ended, KeyboardInterrupt):
            raise ended
        if ended is not None and outcome == "passed":
            outcome, msg = "error", "pytest_runtest_protocol: " + _message(ended)
        nodeid = item.nodeid  # type: ignore[attr-defined]
        done[nodeid] = outcome
        _emit({"t": "result", "id": nodeid, "outcome": outcome, "msg": msg})


def _session_from_here(args: list, plugins: list, done: dict) -> int | None:
    """Collect and judge the tests with this frame near the top of the main thread's stack.

    ``pytest.main`` would call the loop some 20 frames down (pluggy's hook calls, the session's
    wrapper); here pytest's own pieces are called directly: its config is prepared
    (``_prepareconfig``), ``wrap_session`` configures, starts and finishes the session, and in
    between ``pytest_collection`` collects and :func:`_run_items` judges, a few frames below
    :func:`main`. Each test, called on the main thread (:func:`_call_main`), then runs as
    shallow as a direct call from a script, not as deep as under pytest (red-team gap: a test
    that failed only off the main thread used to be retried deep inside pytest's hooks, where a
    stack-depth probe answers as under pytest). A pytest without those pieces runs the loop
    under ``pytest.main``, where the call is deep again.

    Returns:
        the session's exit code, or None when this pytest lacks those pieces (the caller then
        runs ``pytest.main`` with the loop as its ``pytest_runtestloop``).
    """
    try:
        from _pytest.config import _prepareconfig
        from _pytest.main import wrap_session
    except ImportError:
        return None

    def doit(config: object, session: object) -> int:
        config.hook.pytest_collection(session=session)  # type: ignore[attr-defined]
        # inside pytest_runtestloop's trusted wrappers (the logging plugin's: the run's log
        # level and handlers); a wrapper's error is printed: the verdicts are already sent
        loop = _phase(session, "pytest_runtestloop", {"session": session}, first=True)
        if loop.before():
            _run_items(list(session.items), done, "")  # type: ignore[attr-defined]
            ended = loop.after(result=True)
        else:
            ended = loop.after()
        if isinstance(ended, KeyboardInterrupt):
            raise ended
        if ended is not None:
            print(f"fixloop second opinion: pytest_runtestloop: {_message(ended)}", flush=True)
        return 0

    try:
        config = _prepareconfig(args, plugins)
    except Exception as e:  # noqa: BLE001 - pytest.main's own answer: a usage error
        print(f"fixloop second opinion: pytest could not start: {_message(e)}", flush=True)
        return 4
    return int(wrap_session(config, doit))


def _plain_opinion(root: str, cfg: dict, wanted: list) -> int:
    """The second opinion where pytest cannot be imported: the plain runner runs ``wanted``.

    The full run used the same plain runner (fixloop's own collection and loop, no pytest
    objects to rewrite); here it runs again in a fresh process, each test's outcome sent at
    once over the channel as a ``result`` record (``missing`` for an id it did not run).
    """
    audit = _peer("_fixloop_audit")
    sys.path[0:0] = [os.path.join(root, rel) for rel in cfg.get("paths", ())] + [root]
    done: dict[str, str] = {}

    def _result(nodeid: str, kind: str, message: str) -> None:
        done[nodeid] = kind
        _emit({"t": "result", "id": nodeid, "outcome": kind, "msg": message[:300]})

    plain = {"root": root, "targets": wanted, "junit": None, "progress": None, "on_result": _result}
    rc = _peer("_fixloop_plain").main(plain)
    for nid in wanted:
        if nid not in done:
            msg = f"not collected (plain runner exit {int(rc)})"
            _emit({"t": "result", "id": nid, "outcome": "missing", "msg": msg})
    ok = bool(done) and all(v == "passed" for v in done.values())
    audit.finish(0 if ok else 1)
    return 0 if ok else 1


def _once(items: Iterable) -> list:
    """``items`` without a doctest collected a second time under the same node id.

    The runner adds ``--doctest-modules`` (see :func:`main`); a conftest whose
    ``pytest_collect_file`` returns its own DoctestModule for a source file (babel 2.16.0)
    then gives a second DoctestItem of the same file, name and id. Running both would write
    the id twice on fixloop's channel, which reads as a forged result. Only a DoctestItem
    equal in id, file and doctest name to an earlier one is dropped: any other pair sharing an
    id still runs twice, and a write not made by this loop is still counted as a second one.
    Returns a list in the input order.
    """
    try:
        from _pytest.doctest import DoctestItem
    except ImportError:  # pragma: no cover - every supported pytest has it
        return list(items)
    seen: set[tuple] = set()
    out = []
    for it in items:
        if isinstance(it, DoctestItem) and it.dtest is not None:
            key = (it.nodeid, str(it.path), it.dtest.name)
            if key in seen:
                continue
            seen.add(key)
        out.append(it)
    return out


def main(cfg_json: str) -> int:
    """Collect ``cfg["ids"]`` with pytest and run them with this module's own loop.

    ``cfg_json``: the JSON text, or ``@PATH`` of a file holding it (any number of ids).

    ``cfg`` keys: ``root`` (the repository), ``ids`` (node ids), ``args`` (extra pytest
    arguments, e.g. ``-p`` options), ``audit`` (see :func:`fixloop.testrun.inside.audithook.install`).
    Returns 0 when every requested test passed, 1 otherwise.
    """
    if cfg_json.startswith("@"):  # the config file (secondopinion.run_second_opinion)
        with open(cfg_json[1:], encoding="utf-8") as f:
            cfg_json = f.read()
        os.unlink(f.name)  # read before any project code runs; gone before it could look
    cfg = json.loads(cfg_json)
    audit = _peer("_fixloop_audit")
    audit.install(cfg["audit"])
    root = os.path.realpath(cfg["root"])
    wanted = list(cfg["ids"])
    try:
        import pytest
    except ImportError:  # the full run used fixloop's plain runner: it is the loop here too
        return _plain_opinion(root, cfg, wanted)

    audit.snapshot_machinery()
    sys.path[0:0] = [os.path.join(root, rel) for rel in cfg.get("paths", ())] + [root]
    # the files, not the ids: pytest refuses a whole run when one id names nothing
    # (named relative to a --rootdir below the run folder: the file is found there)
    rootdir = [a.split("=", 1)[1] for a in cfg.get("args", []) if a.startswith("--rootdir=")]
    files = sorted({w.split("::", 1)[0] for w in wanted})
    files = [
        f if os.path.exists(os.path.join(root, f)) else os.path.join(rootdir[-1], f)
        for f in files
        if os.path.exists(os.path.join(root, f))
        or (rootdir and os.path.exists(os.path.join(root, rootdir[-1], f)))
    ]
    done: dict[str, str] = {}

    def _wanted(nodeid: str) -> bool:
        return any(nodeid == w or nodeid.startswith((w + "[", w + "::")) for w in wanted)

    class _Loop:
        @pytest.hookimpl(trylast=True)
        def pytest_collection_modifyitems(self, items: list) -> None:
            items[:] = _once(it for it in items if _wanted(it.nodeid))

        @pytest.hookimpl(tryfirst=True)
        def pytest_runtestloop(self, session: object) -> bool:
            # only under pytest.main (a pytest without _prepareconfig / wrap_session)
            _run_items(list(session.items), done, "")  # type: ignore[attr-defined]
            return True

    args = [
        # the cache provider on (config.cache works), its test-choosing plugins off (runner.py)
        *("-p", "no:lfplugin", "-p", "no:nfplugin", "-p", "no:stepwiseplugin"),
        # junitxml stays: its record_property/record_xml_attribute/record_testsuite_property
        # fixtures are builtin (red-team G19); with no --junitxml it writes nothing
        "-q",
        "-s",
        "--color=no",
        "-o",
        "addopts=",
        # addopts is dropped above, and with it a project's --doctest-modules: doctest ids
        # must still be collected (then reported "unknown": they are not functions to judge)
        "--doctest-modules",
        *cfg.get("args", []),
        *files,
    ]
    rc = 5
    if files:
        got = _session_from_here(args, [_Loop()], done)
        rc = got if got is not None else int(pytest.main(args, plugins=[_Loop()]))
    for nid in wanted:
        if nid not in done and not any(d.startswith(nid + "[") for d in done):
            _emit(
                {
                    "t": "result",
                    "id": nid,
                    "outcome": "missing",
                    "msg": f"not collected (pytest exit {int(rc)})",
                }
            )
    audit.finish(0 if done and all(v == "passed" for v in done.values()) else 1)
    return 0 if all(v == "passed" for v in done.values()) and done else 1
