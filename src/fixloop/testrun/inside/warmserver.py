"""The warm test server: one sandboxed interpreter that has imported pytest and forks per run.

``fixloop.testrun.warm`` starts this module's source (with ``pytest_plugin``, ``plainrunner`` and
``boot``) through ``python -s -c PAYLOAD CONFIG_JSON`` in the sandbox, like a cold test run, and
keeps it for the model's ``run_tests`` calls. Nothing is imported from the fixloop package here.

1. The parent imports the real pytest (the tree is not on ``sys.path`` yet), pytest's own modules,
   and the installed ``pytest11`` plugins with their dependencies; the list of installed
   distributions is read once and served from memory afterwards (pytest and pluggy read it on
   every ``pytest.main``). Then it *purges* from ``sys.modules`` every module of the project (a
   top-level name of ``cfg["names"]``, or a file under the tree) and every module pytest would
   mark for assertion rewriting but could not be loaded through pytest's rewriting hook (the
   plugins are imported through that hook, as in a cold run, whenever it can be built). The
   project's code is never
   imported in the parent. The survivors are frozen out of the garbage collector's view
   (``gc.freeze``) so that children do not copy the shared pages.
2. It writes ``{"e": "ready", ...}`` on the response pipe, then reads one request per line from
   the request pipe: ``{"cfg": BOOT_CONFIG, "log": PATH, "wall_s": SECONDS}``. For each it forks
   a child that starts its own process group, sends its output to ``log``, and runs
   ``boot.main(cfg)`` exactly as a cold run would (the tree's package roots and the tree go first
   on ``sys.path`` in the child only; the project's code is imported fresh there). The parent
   waits (``pidfd`` where the kernel has one) until the child exits or ``wall_s`` passes, kills
   what is left of the child's process group (and, in a private PID namespace, every other
   process but its own ancestors: nothing of one run survives into the next), and answers
   ``{"rc": CODE, "timed_out": BOOL, "seconds": S}`` (a negative code is a signal).
3. End of the request pipe (the harness closed it or died): the running child is killed and the
   server exits.

Stdlib and pytest only.
"""

from __future__ import annotations

import gc
import json
import os
import select
import signal
import sys
import time
from typing import Any

#: pytest's modules a run imports anyway; importing them in the parent is the warm start.
#: fixloop's own modules by name (``_fixloop_boot``...), filled by the harness's program once
#: all are loaded (:func:`fixloop.testrun.audit.inline_program`), which then takes them out of
#: ``sys.modules``.
_PEERS: dict = {}

_PYTEST_MODULES = (
    "_pytest.assertion.rewrite",
    "_pytest.config",
    "_pytest.main",
    "_pytest.python",
    "_pytest.terminal",
    "_pytest.fixtures",
    "_pytest.runner",
    "_pytest.junitxml",
    "_pytest.doctest",
    "_pytest.unittest",
    "_pytest.skipping",
    "_pytest.logging",
    "_pytest.capture",
    "_pytest.monkeypatch",
    "_pytest.tmpdir",
    "_pytest.python_api",
    "_pytest.recwarn",
    "_pytest.warnings",
)


def _under(path: str, roots: list[str]) -> bool:
    """True when the absolute ``path`` is one of ``roots`` or inside one (relative: False)."""
    if not path or not os.path.isabs(path):
        return False
    p = os.path.realpath(path)
    return any(p == r or p.startswith(r + os.sep) for r in roots)


def _purge(roots: list[str], names: set[str]) -> list[str]:
    """Drop from ``sys.modules`` the modules named in ``names`` (top level) or living in ``roots``.

    Returns:
        The dropped module names, sorted.
    """
    gone = []
    for name, mod in list(sys.modules.items()):
        if name.startswith("_fixloop_"):
            continue
        top = name.partition(".")[0]
        where = [getattr(mod, "__file__", None) or "", *list(getattr(mod, "__path__", None) or [])]
        if top in names or any(_under(p, roots) for p in where if isinstance(p, str)):
            del sys.modules[name]
            gone.append(name)
    return sorted(gone)


def _rewriting_hook(names: set[str]) -> Any:
    """The assertion-rewriting import hook of pytest, installed, with ``names`` marked; or None.

    A cold run imports the plugin distributions' modules through this hook (pytest marks them
    for rewriting before it loads the ``pytest11`` entry points); loading them the same way here
    keeps their asserts rewritten and spares the child pytest's "already imported" warning.
    """
    try:
        from _pytest.assertion import install_importhook
        from _pytest.config import get_config

        hook = install_importhook(get_config([]))
        hook.mark_rewrite(*sorted(names))
        return hook
    except Exception:  # noqa: BLE001 - then the plugin modules are purged instead
        return None


def _warm_up(roots: list[str], names: set[str]) -> dict[str, Any]:
    """Import pytest, its modules and the installed plugins; purge what must be fresh per run.

    Returns:
        ``{"plugins": [loaded entry points], "skipped": [project plugins not loaded],
        "purged": [module names dropped]}``.
    """
    import importlib.metadata as md
    import importlib.util

    for mod in _PYTEST_MODULES:
        try:
            __import__(mod)
        except ImportError:
            pass
    loaded: list[str] = []
    skipped: list[str] = []
    rewritable: set[str] = set()
    try:
        dists = list(md.distributions())
        original = md.distributions

        def distributions(**kwargs: Any) -> Any:
            return iter(dists) if not kwargs else original(**kwargs)

        md.distributions = distributions  # type: ignore[assignment]
        from _pytest.config import _iter_rewritable_modules

        files = (
            str(f)
            for d in dists
            if any(ep.group == "pytest11" for ep in d.entry_points)
            for f in d.files or []
        )
        rewritable = set(_iter_rewritable_modules(files))
        hook = _rewriting_hook(rewritable)
        try:
            if not os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
                for ep in md.entry_points(group="pytest11"):
                    top = ep.value.split(":")[0].split(".")[0].strip()
                    try:
                        spec = importlib.util.find_spec(top)
                    except (ImportError, ValueError):
                        spec = None
                    origin = spec.origin if spec is not None else ""
                    if top in names or _under(origin or "", roots):
                        skipped.append(ep.name)  # the project's own plugin: imported per run only
                        continue
                    try:
                        ep.load()
                        loaded.append(ep.name)
                    except Exception:  # noqa: BLE001 - a broken plugin fails in the child, as cold
                        pass
        finally:
            if hook is not None and hook in sys.meta_path:
                sys.meta_path.remove(hook)
        if hook is not None:
            rewritable = set()  # loaded through pytest's own rewriting: the child keeps them
    except Exception:  # noqa: BLE001 - the warm-up is an optimization only
        pass
    purged = _purge(roots, names | rewritable)
    gc.collect()
    if hasattr(gc, "freeze"):
        gc.freeze()
    return {"plugins": loaded, "skipped": skipped, "purged": purged}


class _Pipe:
    """Line-oriented reading of the request descriptor (EOF: ``None``)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""
        self.eof = False

    def pump(self) -> None:
        """Read what is there (call when select says readable)."""
        data = os.read(self.fd, 65536)
        if not data:
            self.eof = True
        self.buf += data

    def line(self) -> bytes | None:
        """The next complete line, blocking; None at EOF."""
        while b"\n" not in self.buf:
            if self.eof:
                return None
            self.pump()
        head, _, self.buf = self.buf.partition(b"\n")
        return head


def _send(fd: int, obj: dict) -> None:
    os.write(fd, (json.dumps(obj) + "\n").encode("utf-8"))


def _child(cfg: dict, log: str, close: tuple[int, ...]) -> None:
    """The forked child: its own group, output to ``log``, one cold-equivalent run. Never returns."""
    code = 3
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for fd in close:
            os.close(fd)
        out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(out, 1)
        os.dup2(out, 2)
        os.close(out)
        os.chdir(cfg["root"])
        import importlib

        importlib.invalidate_caches()
        try:
            code = int(
                (_PEERS.get("_fixloop_boot") or sys.modules["_fixloop_boot"]).main(json.dumps(cfg))
            )
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        try:
            import atexit

            atexit._run_exitfuncs()  # what the cold interpreter runs on its way out
        except BaseException:  # noqa: BLE001
            pass
    except BaseException:  # noqa: BLE001 - report through the exit code and the log
        import traceback

        traceback.print_exc()
        code = 3
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:  # noqa: BLE001
                pass
        os._exit(code)


def _sweep(keep: set[int]) -> int:
    """Kill every process of this PID namespace but ``keep`` (only called inside bubblewrap)."""
    killed = 0
    try:
        pids = [int(n) for n in os.listdir("/proc") if n.isdigit()]
    except OSError:
        return 0
    for pid in pids:
        if pid in keep:
            continue
        try:
            os.kill(pid, signal.SIGKILL)
            killed += 1
        except OSError:
            pass
    return killed


def _ancestors() -> set[int]:
    """This process and its ancestors (by ``/proc/PID/stat``)."""
    out = {os.getpid()}
    pid = os.getppid()
    while pid > 0 and pid not in out:
        out.add(pid)
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
                pid = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return out


def _wait(pid: int, req: _Pipe, wall_s: float) -> tuple[int, bool, bool]:
    """Wait for the child; ``(code, timed_out, harness_gone)``. Kills it on timeout or EOF."""
    deadline = time.monotonic() + wall_s
    try:
        pfd: int | None = os.pidfd_open(pid)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        pfd = None
    timed_out = gone = False
    delay = 0.0005
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            now = time.monotonic()
            if now >= deadline or req.eof:
                timed_out, gone = now >= deadline, req.eof
                for kill in (os.killpg, os.kill):
                    try:
                        kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                _, status = os.waitpid(pid, 0)
                break
            fds = [req.fd] + ([pfd] if pfd is not None else [])
            wait = min(deadline - now, 0.5 if pfd is not None else delay)
            ready, _, _ = select.select(fds, [], [], max(wait, 0.0))
            if req.fd in ready:
                req.pump()
            delay = min(delay * 2, 0.01)
    finally:
        if pfd is not None:
            os.close(pfd)
    try:
        os.killpg(pid, signal.SIGKILL)  # leftovers of the child's group
    except OSError:
        pass
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
    return code, timed_out, gone


def main(cfg_json: str) -> int:
    """Serve runs until the request pipe ends; returns the exit code.

    ``cfg_json`` keys: ``root`` (the tree), ``paths`` (package roots, relative), ``names`` (the
    project's top-level import names), ``req_fd`` / ``resp_fd`` (inherited pipe ends) and
    ``sweep`` (True inside a private PID namespace: kill strays after each run).
    """
    cfg = json.loads(cfg_json)
    root = os.path.realpath(cfg["root"])
    roots = [os.path.realpath(os.path.join(root, p)) for p in cfg.get("paths", ())] + [root]
    req_fd, resp_fd = int(cfg["req_fd"]), int(cfg["resp_fd"])
    if not hasattr(os, "fork"):
        _send(resp_fd, {"e": "unavailable", "why": "this interpreter cannot fork"})
        return 0
    try:
        import pytest  # noqa: F401 - the real one: the tree is not on sys.path
    except ImportError as e:
        _send(resp_fd, {"e": "unavailable", "why": f"pytest not found in {sys.executable} ({e})"})
        return 0
    info = _warm_up(roots, set(cfg.get("names", ())))
    site = [p for p in sys.path if isinstance(p, str) and p and not _under(p, roots)]
    _send(resp_fd, {"e": "ready", "pid": os.getpid(), "site": site, **info})
    keep = _ancestors() if cfg.get("sweep") else set()
    req = _Pipe(req_fd)
    while True:
        line = req.line()
        if line is None:
            return 0
        job = json.loads(line)
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:
            _child(job["cfg"], job["log"], (req_fd, resp_fd))
        code, timed_out, gone = _wait(pid, req, float(job["wall_s"]))
        strays = _sweep(keep) if keep else 0
        if gone:
            return 0
        _send(
            resp_fd,
            {
                "rc": code,
                "timed_out": timed_out,
                "seconds": time.monotonic() - t0,
                "strays": strays,
            },
        )
