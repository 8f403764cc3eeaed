"""Joining a Ray cluster for ``fixloop eval --executor ray``: fast failure, quiet when asked.

Three things :func:`ray.init` does not do for us:

- **A bad ``--ray-address`` fails at once.** ``ray.init(address="HOST:PORT")`` on a port where
  nothing listens retries its GCS connection for many minutes (20 attempts of tens of seconds
  each in Ray 2.x). :func:`check_address` rejects a malformed address before anything is
  written, and knocks on ``HOST:PORT`` with a plain TCP connection (at most
  :data:`PROBE_TIMEOUT_S` seconds), so a closed port is a one-line usage error (exit code 2)
  within seconds. :func:`connect` then gives ``ray.init`` at most :data:`CONNECT_TIMEOUT_S`
  seconds (something listens but no Ray cluster answers): past it, the same kind of error.
- **Quiet means quiet.** With ``--quiet`` the driver's ``ray`` logger is set to ERROR through
  ``ray.init(logging_level=...)`` (Ray's documented option for the driver's ``ray`` logger; it
  is set before ``ray.init`` logs its token-authentication notice), and workers' output stays
  in Ray's log files (``log_to_driver=False``, always). Ray's C++ client writes its connection
  warnings straight to file descriptor 2 before its logging is set up (so neither the
  ``ray`` logger nor ``RAY_BACKEND_LOG_LEVEL`` reaches them): with ``--quiet``, joining an
  explicit address runs with fd 2 sent to a discarded file.
- **The error says which address.** Every failure names the address and how to write one.

**Joining overlaps the eval's own preparation.** :class:`EarlyConnect` runs :func:`connect` in a
helper thread from the moment the options are checked, while the eval loads the suite, reads
``runs.jsonl``, checks the agents' settings and packs the suite; the executor waits for it only
when it submits the first task. A new local cluster is started with Ray's documented options for
a lean start: ``include_dashboard=False``, ``num_cpus`` = the cores this process may use, and
usage-stats collection off (``RAY_USAGE_STATS_ENABLED=0``, unless the user set it).

Exit codes: a malformed, closed or silent ``--ray-address`` (or ``auto`` with no cluster to
find) is a :class:`fixloop.errors.UsageError` (2); a local cluster that cannot start is an
:class:`fixloop.errors.EnvironmentFailure` (3).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import socket
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fixloop.errors import EnvironmentFailure, UsageError

#: Seconds the TCP knock on ``HOST:PORT`` may take (an address that drops packets).
PROBE_TIMEOUT_S = 5.0

#: Seconds ``ray.init`` may take to join a cluster at an explicit address (with the process's
#: start, a silent address fails within about 30 s).
CONNECT_TIMEOUT_S = 25.0

#: How an address is written, for the error messages.
ADDRESS_FORMS = "auto, HOST:PORT or ray://HOST:PORT"

_HOST_PORT = re.compile(r"^(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<host>[A-Za-z0-9_.-]+)):(?P<port>\d+)$")


@dataclass(frozen=True)
class RayAddress:
    """A parsed ``--ray-address``.

    Attributes:
        text: the address as given (what ``ray.init`` gets).
        host: the host to knock on; "" for ``auto``.
        port: the port; 0 for ``auto``.
        client: True for a Ray Client address (``ray://``).
    """

    text: str
    host: str = ""
    port: int = 0
    client: bool = False


def parse_address(text: str) -> RayAddress:
    """Parse ``--ray-address``: ``auto``, ``HOST:PORT``, ``[V6]:PORT`` or ``ray://`` + either.

    Args:
        text: the option's value.

    Returns:
        the :class:`RayAddress`.

    Raises:
        UsageError: any other form, or a port outside 1-65535.
    """
    value = text.strip()
    if value == "auto":
        return RayAddress(value)
    client = value.startswith("ray://")
    rest = value[len("ray://") :] if client else value
    m = _HOST_PORT.match(rest)
    port = int(m["port"]) if m else 0
    if m is None or not 0 < port < 65536:
        raise UsageError(f"--ray-address must be {ADDRESS_FORMS} (got {text!r})")
    return RayAddress(value, host=m["v6"] or m["host"], port=port, client=client)


def _knock(host: str, port: int, timeout_s: float) -> OSError | None:
    """Open and close a TCP connection to ``host:port``; None when it was accepted."""
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            return None
    except OSError as exc:
        return exc


def check_address(address: str | None, *, timeout_s: float = PROBE_TIMEOUT_S) -> None:
    """Reject a ``--ray-address`` nobody can be joined at, before anything is written.

    ``None`` (a local cluster) and ``auto`` (Ray looks for one) are not knocked on; a
    ``HOST:PORT`` must accept a TCP connection within ``timeout_s``.

    Args:
        address: the option's value, or None.
        timeout_s: the knock's limit, seconds.

    Raises:
        UsageError: malformed, or nothing accepts a connection there (refused, unreachable,
            unknown host, or no answer in ``timeout_s``).
    """
    if address is None:
        return
    parsed = parse_address(address)
    if not parsed.port:
        return
    failure = _knock(parsed.host, parsed.port, timeout_s)
    if failure is not None:
        why = "no answer" if isinstance(failure, TimeoutError) else failure.strerror or failure
        raise UsageError(
            f"no Ray cluster at --ray-address {address}: {parsed.host}:{parsed.port} "
            f"does not accept connections ({why})"
        )


def connect(
    address: str | None, *, quiet: bool = False, timeout_s: float = CONNECT_TIMEOUT_S
) -> bool:
    """Join the cluster at ``address`` (None: the one joined, else a new local one).

    For an explicit address ``ray.init`` runs in a helper thread so that a cluster that never
    answers costs at most ``timeout_s`` seconds; the thread is a daemon and is left behind on
    that error (the process is about to end with it). A new local cluster is started in this
    thread, under Ray's own start-up limits.

    Args:
        address: ``ray.init``'s address (checked with :func:`check_address` first).
        quiet: Ray's own notices off: its ``ray`` logger at ERROR, and while joining an
            explicit address this process's standard error (fd 2) goes to a discarded file
            (Ray's C++ client warns there before its logging is set up).
        timeout_s: how long joining an explicit address may take, seconds.

    Returns:
        True when this call started Ray (and so must shut it down).

    Raises:
        UsageError: the address is malformed, closed, or no cluster answered there in time.
        EnvironmentFailure: a new local cluster could not start.
    """
    import ray

    if ray.is_initialized():
        return False
    check_address(address)
    kwargs: dict[str, Any] = {
        "address": address,
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.ERROR if quiet else logging.WARNING,
    }
    if address is None:  # a new local cluster: Ray's own start-up limits apply
        from fixloop.cpus import usable_cpus

        kwargs["num_cpus"] = len(usable_cpus())
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no usage report at start-up
        try:
            ray.init(**kwargs)
        except Exception as exc:  # Ray raises bare Exception too (a node that timed out)
            raise EnvironmentFailure(f"cannot start a local Ray cluster: {_first(exc)}") from None
        return True
    outcome: dict[str, BaseException | None] = {}

    def init() -> None:
        try:
            ray.init(**kwargs)
            outcome["error"] = None
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            outcome["error"] = exc

    notice = _NotMainThreadNotice()
    ray_logger = logging.getLogger("ray")
    ray_logger.addFilter(notice)
    try:
        with _fd2_discarded() if quiet else contextlib.nullcontext():
            worker = threading.Thread(target=init, name="fixloop-ray-init", daemon=True)
            worker.start()
            worker.join(timeout_s)
    finally:
        ray_logger.removeFilter(notice)
    if "error" not in outcome:
        raise UsageError(
            f"no Ray cluster answered at --ray-address {address} within {timeout_s:.0f} s"
        )
    failure = outcome["error"]
    if failure is None:
        return True
    raise UsageError(
        f"cannot join the Ray cluster at --ray-address {address}: {_first(failure)}"
        + auth_hint(failure, os.environ)
    ) from None


class EarlyConnect:
    """:func:`connect` started in a helper thread, so that joining overlaps other work.

    Args:
        address: as for :func:`connect` (checked with :func:`check_address` by the caller
            first, so a malformed or closed address still fails at once).
        quiet: as for :func:`connect`.

    Whoever makes one either takes the cluster over with :meth:`result` (and, once it has shut
    down what the join started, calls :meth:`release`) or calls :meth:`close`.

    The helper thread stays alive while a local cluster it started runs: Ray starts its local
    processes (GCS, raylet) with ``PR_SET_PDEATHSIG``, a signal that fires when the *thread*
    that started them ends, so the cluster would die with a thread that returned.
    """

    def __init__(self, address: str | None, *, quiet: bool = False) -> None:
        joined = sys.modules.get("ray")
        #: True when this join starts a new local cluster (no address, none joined yet)
        self.starts_local = address is None and not (joined and joined.is_initialized())
        self._outcome: dict[str, Any] = {}
        self._taken = False
        self._ready = threading.Event()
        self._hold = threading.Event()
        self._thread = threading.Thread(
            target=self._join, args=(address, quiet), name="fixloop-ray-start", daemon=True
        )
        self._thread.start()

    def _join(self, address: str | None, quiet: bool) -> None:
        notice = _NotMainThreadNotice()
        ray_logger = logging.getLogger("ray")
        ray_logger.addFilter(notice)
        try:
            self._outcome["started"] = connect(address, quiet=quiet)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            self._outcome["error"] = exc
        finally:
            ray_logger.removeFilter(notice)
            self._ready.set()
        if self._outcome.get("started"):
            self._hold.wait()  # the cluster's processes live as long as this thread

    def wait_ready(self, timeout_s: float) -> bool:
        """Whether the join has ended (joined or failed), waiting up to ``timeout_s``."""
        return self._ready.wait(timeout_s)

    def result(self) -> bool:
        """Wait for the join and take the cluster over.

        Returns:
            True when the join started Ray: the caller then shuts it down and calls
            :meth:`release` (:meth:`close` no longer does anything).

        Raises:
            UsageError, EnvironmentFailure: as :func:`connect`.
        """
        self._ready.wait()
        self._taken = True
        if "error" in self._outcome:
            raise self._outcome["error"]
        return bool(self._outcome["started"])

    def release(self) -> None:
        """Let the helper thread end (after ``ray.shutdown()``: nothing of Ray is left to keep)."""
        self._hold.set()

    def close(self) -> None:
        """Shut down what this join started, when the eval did not hand it to the executor.

        The eval had nothing due, or stopped before it ran anything (an error, Ctrl-C): the
        join is waited for first (a local cluster half started would outlive the process),
        then a cluster it started is shut down. A join that failed is not raised again.
        """
        if self._taken:
            return
        self._ready.wait()
        if self._outcome.get("started"):
            import ray

            self._outcome["started"] = False
            ray.shutdown()
        self.release()


@contextlib.contextmanager
def _fd2_discarded() -> Iterator[None]:
    """File descriptor 2 (C and C++ code's standard error) sent to a discarded file."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def auth_hint(failure: BaseException, environ: Mapping[str, str]) -> str:
    """What to add to a failed join's message when token authentication is the likely cause.

    In recent Ray (2.60 checked) a local cluster started by ``ray.init()`` requires a token (kept in
    ``~/.ray/auth_token``), and a driver that joins it by address sends one only when
    ``RAY_AUTH_MODE=token`` is set in its environment; without it Ray retries for about 20 s
    and reports a bare ``Failed to connect`` (its log says ``InvalidAuthToken``, in a file the
    user does not see). Ray's documentation: https://docs.ray.io/en/latest/ray-security/token-auth.html

    Args:
        failure: what ``ray.init(address=...)`` raised.
        environ: the environment the join ran with.

    Returns:
        ``""`` unless the failure is Ray's ``ConnectionError`` and ``RAY_AUTH_MODE`` is not
        ``token``; else a sentence (starting with ``"; "``) naming the variable to set.
    """
    if not isinstance(failure, ConnectionError):
        return ""
    if environ.get("RAY_AUTH_MODE", "").lower() == "token":
        return ""
    return (
        "; if the cluster uses token authentication (recent Ray starts local clusters with it), "
        "set RAY_AUTH_MODE=token and give the token with RAY_AUTH_TOKEN "
        "or ~/.ray/auth_token"
    )


def _first(exc: BaseException) -> str:
    """The first line of ``exc``'s message (its type's name when it has none)."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


class _NotMainThreadNotice(logging.Filter):
    """Drops Ray's notice that ``ray.init`` outside the main thread sets no SIGTERM handler.

    :func:`connect` calls ``ray.init`` in a helper thread on purpose (to bound its time); the
    notice is about that choice, not about the user's cluster. Ray's handler only turns
    SIGTERM into ``sys.exit``, which Python's default SIGTERM ending makes moot for us.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return "SIGTERM handler is not set" not in record.getMessage()


__all__ = [
    "ADDRESS_FORMS",
    "CONNECT_TIMEOUT_S",
    "PROBE_TIMEOUT_S",
    "EarlyConnect",
    "RayAddress",
    "check_address",
    "connect",
    "parse_address",
]
