"""pytest's per-test hooks around the second opinion's own steps (red-team G19, G20).

fixloop's own runner (:mod:`fixloop.testrun.inside.secondrunner`) sets up each test, calls its
function and tears it down itself. pytest does those steps inside the hooks
``pytest_runtest_protocol``, ``pytest_runtest_setup``, ``pytest_runtest_call`` and
``pytest_runtest_teardown``, and plugins keep state there: the logging plugin fills
``item.stash`` for ``caplog`` in its setup/call/teardown wrappers, the warnings plugin applies
``filterwarnings`` around the protocol, the skipping plugin evaluates ``skipif`` marks in
setup, a project's ``conftest.py`` sets up its own state in ``pytest_runtest_setup``. Without
them an honest fix judged by such a test failed here only.

:class:`Phase` runs one of those hooks the way pluggy's ``_multicall`` does (wrappers
first, entered up to their ``yield``; then the plain implementations; then the wrappers
resumed, innermost first, with the result or the exception), with two changes:

- pytest's own implementation of the step (the ``_pytest.runner`` plugin's, which calls
  ``item.runtest()`` and so the function object pytest holds, and sets
  ``PYTEST_CURRENT_TEST``) is replaced by fixloop's step; for ``pytest_runtest_protocol``
  fixloop's steps are the only plain implementation that runs (they are the protocol; a
  conftest's own protocol would run the test its own way, through the objects pytest holds);
- only implementations whose function is *trusted* run: code outside the repository (pytest,
  installed plugins, which the model cannot edit and the watch compares with the baseline) or
  test code of the checkout (``conftest.py`` files and other test files, which the gate
  restores), never source code of the repository, code compiled at run time or without a file:
  a plugin registered by the code under test cannot take part.

The verdict stays the runner's: it knows what the test function did before any wrapper sees
it, so a wrapper that swallows or replaces the exception changes nothing, and a wrapper that
raises can only turn a pass into a failure (as it does under pytest). The caller does its step
in its own frame between :meth:`Phase.before` and :meth:`Phase.after`: a wrapper's generator
is suspended, not on the stack, while the test runs, so the test is called no deeper than
before (a probe of the stack's room answers as for a direct call). Stdlib and the project's
pluggy only.
"""

from __future__ import annotations

from typing import Any


class _Own:
    """Where fixloop's own step goes among a hook's implementations (see :class:`Phase`)."""

    argnames: tuple = ()
    hookwrapper = False
    wrapper = False


#: The marker of fixloop's step in a :func:`plan`.
OWN = _Own()


def _result_class() -> Any:
    try:
        from pluggy import Result  # pluggy >= 1.1
    except ImportError:  # pragma: no cover - older pluggy
        from pluggy._result import _Result as Result  # type: ignore[no-redef]
    return Result


def trusted(impl: object, audit: object | None) -> bool:
    """May ``impl`` (a pluggy ``HookImpl``) run in the second opinion? See the module text.

    ``audit``: the watch's module (``_fixloop_audit``), which knows the repository's root, the
    test-file rule and the code compiled at run time; None: only code outside the process's
    working folder is trusted.
    """
    func = getattr(impl, "function", None)
    code = getattr(func, "__code__", None)
    if code is None:  # a partial or a builtin: no file to judge by
        return False
    name = code.co_filename
    if not isinstance(name, str) or name.startswith("<"):
        return False
    if audit is None:
        import os

        return not os.path.realpath(name).startswith(os.getcwd() + os.sep)
    state = getattr(audit, "_state", {})
    if id(code) in state.get("rtcode", ()) or name in state.get("borrowed", ()):
        return False
    rel = audit._rel(name)  # type: ignore[attr-defined]
    return rel is None or bool(audit._is_test_path(rel))  # type: ignore[attr-defined]


def _is_runner(impl: object) -> bool:
    return getattr(getattr(impl, "plugin", None), "__name__", "") == "_pytest.runner"


#: Hooks whose one plain implementation is fixloop's: its loop and protocol replace pytest's.
WHOLE = ("pytest_runtestloop", "pytest_runtest_protocol")


def plan(node: object, name: str, audit: object | None) -> list:
    """The implementations of hook ``name`` for ``node`` to run, in pluggy's order (last first).

    ``node``: a pytest item or the session (its ``ihook`` lists the hook's implementations,
    conftests of other folders left out). Untrusted ones are left out; pytest's runner's is
    replaced by :data:`OWN` (for the hooks of :data:`WHOLE`, :data:`OWN` is the only plain
    one). Raises AttributeError when this pytest or pluggy has no such hook or listing.
    """
    caller = getattr(node.ihook, name)  # type: ignore[attr-defined]
    impls = list(caller.get_hookimpls())
    wrappers = [i for i in impls if _is_wrapper(i) and trusted(i, audit)]
    if name in WHOLE:
        return [OWN, *wrappers]
    plain: list = []
    for i in impls:
        if _is_wrapper(i):
            continue
        if _is_runner(i):
            plain.append(OWN)
        elif trusted(i, audit):
            plain.append(i)
    if OWN not in plain:
        plain.insert(0, OWN)
    return [*plain, *wrappers]


def _is_wrapper(impl: object) -> bool:
    return bool(getattr(impl, "hookwrapper", False) or getattr(impl, "wrapper", False))


class Phase:
    """One hook run around fixloop's step, driven from the caller's frame.

    ``before()`` enters the wrappers (up to their ``yield``) and calls the plain
    implementations pluggy calls before pytest's own; the caller then does its step itself (so
    the test function is called no deeper than from the caller); ``after(error)`` calls the
    plain implementations after it (none when the step or one before it raised, or when a
    first-result hook has its result) and resumes the wrappers, innermost first, as pluggy's
    ``_multicall`` does.

    Args:
        node: the pytest item (the session for ``pytest_runtestloop``).
        name: the hook (``pytest_runtest_setup``...).
        kwargs: the hook's arguments (``{"item": item}``...).
        firstresult: the hook stops at the first result (the hooks of :data:`WHOLE`).
        audit: the watch's module (see :func:`trusted`), or None.

    Where this pytest or pluggy cannot be listed so, only fixloop's step runs.
    """

    def __init__(
        self, node: object, name: str, kwargs: dict, *, firstresult: bool = False, audit: Any = None
    ) -> None:
        try:
            impls = plan(node, name, audit)
        except AttributeError:
            impls = [OWN]
        self._order = list(reversed(impls))
        self._next = 0
        self._kwargs = kwargs
        self._first = firstresult
        self._results: list = []
        self._teardowns: list = []
        self.exc: BaseException | None = None

    def _call_plain(self, stop_at_own: bool) -> None:
        while self._next < len(self._order):
            impl = self._order[self._next]
            if impl is OWN:
                if stop_at_own:
                    return
                self._next += 1
                continue
            self._next += 1
            args = [self._kwargs[a] for a in impl.argnames]
            if _is_wrapper(impl):
                gen = impl.function(*args)
                next(gen)
                self._teardowns.append((bool(getattr(impl, "hookwrapper", False)), gen))
                continue
            res = impl.function(*args)
            if res is not None:
                self._results.append(res)
                if self._first:
                    self._next = len(self._order)
                    return

    def before(self) -> bool:
        """Enter the wrappers, call the implementations before fixloop's step; may it run now?

        False: one of them raised (kept in :attr:`exc` for :meth:`after`) or gave the
        first result; the step is then not to run.
        """
        try:
            self._call_plain(stop_at_own=True)
        except BaseException as e:  # noqa: BLE001 - handed to the wrappers, as pluggy does
            self.exc = e
            return False
        return self._next < len(self._order)

    def after(
        self, error: BaseException | None = None, result: object = None
    ) -> BaseException | None:
        """Finish the hook after fixloop's step (which raised ``error`` or gave ``result``).

        Returns the exception the hook ended with (``error`` itself, after the wrappers saw it,
        unless one replaced or swallowed it), or None.
        """
        if self.exc is None and error is not None:
            self.exc = error
        if self.exc is None:
            if result is not None:
                self._results.append(result)
            if not (self._first and self._results):
                self._next += 1  # past fixloop's step
                try:
                    self._call_plain(stop_at_own=False)
                except BaseException as e:  # noqa: BLE001 - handed to the wrappers
                    self.exc = e
        out: object = (
            (self._results[0] if self._results else None) if self._first else self._results
        )
        exc = self.exc
        for old_style, gen in reversed(self._teardowns):
            out, exc = _resume(old_style, gen, out, exc)
        return exc


def _resume(
    old_style: bool, gen: Any, result: object, exc: BaseException | None
) -> tuple[object, BaseException | None]:
    """Resume one wrapper with the hook's result or exception; the (result, exception) after it."""
    if old_style:
        Result = _result_class()

        def _outcome() -> object:
            if exc is not None:
                raise exc
            return result

        outcome = Result.from_call(_outcome)
        try:
            gen.send(outcome)
        except StopIteration:
            pass
        except BaseException as e:  # noqa: BLE001 - the wrapper's own error ends the hook
            return None, e
        else:
            return None, RuntimeError("a hookwrapper did not stop after its one yield")
        try:
            return outcome.get_result(), None
        except BaseException as e:  # noqa: BLE001 - the (possibly forced) exception
            return None, e
    try:
        if exc is not None:
            gen.throw(exc)
        else:
            gen.send(result)
    except StopIteration as stop:
        return stop.value, None
    except BaseException as e:  # noqa: BLE001 - re-raised or replaced by the wrapper
        return None, e
    return None, RuntimeError("a wrapper did not stop after its one yield")


class SubtestsSeen:
    """The ``subtests`` fixture as the test sees it, each subtest's failure kept for the verdict.

    pytest's ``subtests.test()`` context manager swallows a subtest's exception and reports it
    through ``pytest_runtest_makereport`` and the session's stash, which fixloop's runner does
    not trust: a test whose subtests all failed returned normally and passed here. This proxy
    hands out the real context managers wrapped in one that sees the exception first.

    Attributes:
        failures: ``[exception]`` of the subtests that raised anything but a skip.
    """

    def __init__(self, real: object, skip_exc: tuple) -> None:
        self._real = real
        self._skip = skip_exc
        self.failures: list[BaseException] = []

    def test(self, *args: Any, **kwargs: Any) -> Any:
        """The real ``subtests.test(...)``, watched; same arguments."""
        return _SeenSubtest(self, self._real.test(*args, **kwargs))  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


class _SeenSubtest:
    def __init__(self, seen: SubtestsSeen, real: Any) -> None:
        self._seen = seen
        self._real = real

    def __enter__(self) -> Any:
        return self._real.__enter__()

    def __exit__(self, kind: Any, value: Any, tb: Any) -> Any:
        if value is not None and not isinstance(value, self._seen._skip):
            self._seen.failures.append(value)
        return self._real.__exit__(kind, value, tb)
