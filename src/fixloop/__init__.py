"""fixloop: a coding agent that makes failing tests pass, and proves it.

The public Python API, re-exported here (loaded on first use, so ``import fixloop`` stays cheap):

- :class:`CodingAgent` and :func:`exit_code_for` (:mod:`fixloop.api`); :class:`RunSession` and
  :class:`RunInterrupted` (:mod:`fixloop.session`) for callers that assemble a run themselves;
- the result: :class:`RunResult`, :class:`RunStatus`, :class:`TestReport`, :class:`Verdict`
  (:mod:`fixloop.types`);
- the seams: :class:`Model`, :class:`ToolBox`, :class:`Verifier`, :class:`Runner`,
  :class:`Isolation`, :class:`ModelReply` (:mod:`fixloop.protocols`);
- the settings: :class:`Settings`, :class:`BudgetSettings`, :func:`load_settings`
  (:mod:`fixloop.config`);
- the errors: :class:`FixloopError` and its kinds, and :class:`RunStopped` (:mod:`fixloop.errors`).

The command line is ``fixloop`` (:mod:`fixloop.cli`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "fixloop.api": ("CodingAgent", "exit_code_for", "DEFAULT_TASK"),
    "fixloop.session": ("RunSession", "RunInterrupted"),
    "fixloop.types": ("RunResult", "RunStatus", "TestReport", "Verdict"),
    "fixloop.protocols": ("Model", "ToolBox", "Verifier", "Runner", "Isolation", "ModelReply"),
    "fixloop.config": ("Settings", "BudgetSettings", "load_settings"),
    "fixloop.errors": (
        "FixloopError",
        "UsageError",
        "ConfigError",
        "GitStateError",
        "NotWritable",
        "SandboxUnavailable",
        "ProviderUnavailable",
        "ProviderAuthError",
        "RunStopped",
    ),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = [
    "BudgetSettings",
    "CodingAgent",
    "ConfigError",
    "DEFAULT_TASK",
    "FixloopError",
    "GitStateError",
    "Isolation",
    "Model",
    "ModelReply",
    "NotWritable",
    "ProviderAuthError",
    "ProviderUnavailable",
    "RunInterrupted",
    "RunResult",
    "RunSession",
    "RunStatus",
    "RunStopped",
    "Runner",
    "SandboxUnavailable",
    "Settings",
    "TestReport",
    "ToolBox",
    "UsageError",
    "Verdict",
    "Verifier",
    "__version__",
    "exit_code_for",
    "load_settings",
]

if TYPE_CHECKING:
    from fixloop.api import DEFAULT_TASK, CodingAgent, exit_code_for
    from fixloop.config import BudgetSettings, Settings, load_settings
    from fixloop.errors import (
        ConfigError,
        FixloopError,
        GitStateError,
        NotWritable,
        ProviderAuthError,
        ProviderUnavailable,
        RunStopped,
        SandboxUnavailable,
        UsageError,
    )
    from fixloop.protocols import Isolation, Model, ModelReply, Runner, ToolBox, Verifier
    from fixloop.session import RunInterrupted, RunSession
    from fixloop.types import RunResult, RunStatus, TestReport, Verdict


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use (PEP 562)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'fixloop' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
