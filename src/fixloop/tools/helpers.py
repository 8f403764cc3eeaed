"""Helper tools: tools beyond the six that need the loop itself (its model, budgets, events).

A :class:`HelperTool` has a name, a description and a JSON schema like the six, and a
``run(**args) -> ToolResult``; :class:`fixloop.tools.Tools` offers it after the six, checks its
arguments against its schema (:func:`fixloop.tools.specs.validate_schema`) and caps its result.
The loop lends itself to the helpers through :meth:`fixloop.tools.Tools.attach` (a
:class:`fixloop.protocols.ToolHost`) before its first model call. The helpers: ``explore``
(:mod:`.explore`) and ``ask_human`` (:mod:`.ask`).
"""

from __future__ import annotations

import copy
from typing import Any

from fixloop.protocols import ToolHost
from fixloop.types import ToolResult


class HelperTool:
    """A tool that works through the loop (see the module docstring).

    Attributes:
        name: the tool's name as the model calls it.
        description: what the model is told (first line: the system prompt's tool line).
        schema: the JSON schema of its arguments (an object of string/integer/boolean
            properties).
        host: the loop once attached, else None.
    """

    name: str = ""
    description: str = ""
    schema: dict[str, Any] = {}

    def __init__(self) -> None:
        self.host: ToolHost | None = None

    def spec(self) -> dict[str, Any]:
        """The tool's spec in Anthropic's shape: ``{"name", "description", "input_schema"}``."""
        return {
            "name": self.name,
            "description": self.description,
            "input_schema": copy.deepcopy(self.schema),
        }

    def attach(self, host: ToolHost) -> None:
        """Receive the loop (called once, before its first model call)."""
        self.host = host

    def run(self, **args: Any) -> ToolResult:
        """Run one call on checked arguments.

        Raises:
            NotImplementedError: always; each helper defines its own.
        """
        raise NotImplementedError(f"{type(self).__name__}.run")
