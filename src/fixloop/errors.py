"""The exceptions fixloop raises, each tied to the CLI exit code it ends with.

Exit codes (see README, "Exit codes"): 0 verified (or nothing to fix), 1 not fixed,
2 usage or configuration error, 3 environment error (no sandbox, provider unreachable).
"""

from __future__ import annotations

from fixloop.types import RunStatus


class FixloopError(Exception):
    """Base class of every error fixloop reports to the user as one clear line.

    Attributes:
        exit_code: the process exit code the CLI ends with for this error.
    """

    exit_code: int = 2


class UsageError(FixloopError):
    """A user mistake in arguments or options (exit code 2)."""

    exit_code = 2


class ConfigError(FixloopError):
    """A configuration file or value that cannot be used (exit code 2)."""

    exit_code = 2


class GitStateError(FixloopError):
    """The target folder is in a git state fixloop cannot work from (exit code 2).

    Examples: not a repository, a repository with no commit.
    """

    exit_code = 2


class EnvironmentFailure(FixloopError):
    """The environment cannot do what was asked (exit code 3)."""

    exit_code = 3


class NotWritable(EnvironmentFailure):
    """The run cannot write where it must (exit code 3), found before any work.

    The checkout (``--in-place``) or the repository's git directory (its branch and worktree's
    record); :mod:`fixloop.writable`.
    """


class SandboxUnavailable(EnvironmentFailure):
    """The chosen sandbox cannot start, or its network probe found the network reachable.

    fixloop never falls back to running unsandboxed when this is raised.
    """


class ProviderUnavailable(EnvironmentFailure):
    """A model provider could not be reached after retries (429/529/5xx/dropped connections)."""


class ProviderAuthError(ProviderUnavailable):
    """The provider refused the credentials (HTTP 401/403). The message names the variable to set."""


class ContextTooLong(FixloopError):
    """The provider said the request exceeds the model's context window (HTTP 400).

    Adapters raise it without retrying; the agent trims old tool output once and tries again,
    then stops with a clear reason.
    """

    exit_code = 1


# --------------------------------------------------------------------------------------------
# Stops: how a run ends without a verified claim. The loop raises one; the one handler in
# :meth:`fixloop.agent.loop.Agent.run` turns it into the run's result. They are not errors of the
# user: a stop is an ordinary ending with a status and a reason.
# --------------------------------------------------------------------------------------------


class RunStopped(Exception):
    """The run ends unverified; the status and reason go into the result.

    Attributes:
        status: the :class:`fixloop.types.RunStatus` value the run ends with.
        reason: one line (or a few) saying why, shown to the user as "Stopped because".
        final_check: True when the gate may check the work once more before the run ends (when
            files changed since its last run and a verification is left), so the failing tests
            reported are the real ones.
        announce: True to tell the user "stopping: <reason>" (a notice event).
    """

    status: RunStatus = RunStatus.NOT_FIXED
    final_check: bool = True
    announce: bool = True  # emit a "stopping: <reason>" notice

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BudgetExhausted(RunStopped):
    """A budget (steps, test runs, verifications, tokens, cost, wall time) is used up."""

    status = RunStatus.BUDGET_EXHAUSTED


class LoopDetected(RunStopped):
    """The same failure or the same call repeated after the harness's warning."""


class GaveUp(RunStopped):
    """The model said ``CANNOT FIX:``: an honest give-up, no claim of success."""


class ScriptEnded(RunStopped):
    """A scripted or replayed model has no reply left (``--model script:``, ``replay:``).

    The end of a script is no claim of success: the run stops here (the gate checks the edits it
    has not seen yet, as after any stop), and no false success claim is counted for it.
    """


class ContextExhausted(RunStopped):
    """The conversation exceeds the model's context window even after trimming old output."""


class ClaimRejected(RunStopped):
    """The gate refuted the last claim and nothing is left to try.

    No verification is left, or the same claim came again without a change; the gate's verdict is
    already the final check.
    """

    final_check = False
    announce = False


class OutputLimit(RunStopped):
    """The model's replies were cut at the output limit twice in a row.

    Cut after the adapter's retry with a larger budget and after the harness told the model; the
    cut tool calls never ran.
    """


class ProviderStopped(RunStopped):
    """The provider could not be reached or refused the credentials.

    The work is kept. When the model had made edits, the gate checks them once before the run ends
    (issue 14): the tests, not the model's claim, decide whether the work is verified.
    """

    status = RunStatus.PROVIDER_UNAVAILABLE


class ModelFailed(RunStopped):
    """The model adapter raised something unexpected; the run ends as an error."""

    status = RunStatus.ERROR
    final_check = False


class Interrupted(RunStopped):
    """The user pressed Ctrl-C; the session records this ending, then re-raises."""

    status = RunStatus.INTERRUPTED
    final_check = False
    announce = False


class Superseded(RunStopped):
    """Another attempt of the same run ended it (``--attempts``): one verified, or a stop.

    The attempt's work is kept on its branch (WIP) until the run decides which branches stay; no
    final check is spent on it.
    """

    final_check = False
