"""The exceptions fixloop raises, each tied to the CLI exit code it ends with.

Exit codes (see README, "Exit codes"): 0 verified (or nothing to fix), 1 not fixed,
2 usage or configuration error, 3 environment error (no sandbox, provider unreachable).
"""

from __future__ import annotations


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
