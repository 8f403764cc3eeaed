"""The ``update_plan`` tool: the model's short list of steps, each pending, in_progress or done.

In the style of the plan tool of OpenAI's Codex CLI (``update_plan``: the whole list sent each
time, statuses ``pending``/``in_progress``/``done``, at most one in progress). The plan changes
no file: it is for the model and the person. The tool result shows it; the trajectory records
it (the call's input and the result); the terminal prints it (``display.py``); and the loop
repeats it to the model whenever old tool output is elided (:meth:`Plan.text`, the
:class:`fixloop.protocols.Briefing` seam), so it stays in view however long the run gets.
"""

from __future__ import annotations

from typing import Any

from fixloop.tools.common import err
from fixloop.tools.specs import PLAN_STEP_CHARS
from fixloop.types import ToolResult

_MARK = {"pending": "[ ]", "in_progress": "[>]", "done": "[x]"}


class Plan:
    """The current plan of a run (empty until the first ``update_plan``).

    Attributes:
        steps: ``[{"step": text, "status": status}]`` in order, as the model last sent them.
        updates: how many times the plan was set.
    """

    def __init__(self) -> None:
        self.steps: list[dict[str, str]] = []
        self.updates = 0

    def update(self, steps: list[dict[str, Any]]) -> ToolResult:
        """``update_plan``: replace the plan with ``steps`` (already checked against the schema).

        Returns:
            ``kind="ok"`` with the plan as shown; or an error (``invalid_args``) for an empty
            step, a step longer than 300 characters, or more than one step in progress (the
            plan is then unchanged).
        """
        clean = [{"step": " ".join(str(s["step"]).split()), "status": s["status"]} for s in steps]
        for i, s in enumerate(clean):
            if not s["step"]:
                return err(f"step {i + 1} is empty; give each step a short text.", "invalid_args")
            if len(s["step"]) > PLAN_STEP_CHARS:
                return err(
                    f"step {i + 1} is {len(s['step'])} characters; keep each step under "
                    f"{PLAN_STEP_CHARS} (a plan is a short list, not the work itself).",
                    "invalid_args",
                )
        active = [i + 1 for i, s in enumerate(clean) if s["status"] == "in_progress"]
        if len(active) > 1:
            return err(
                f"steps {', '.join(map(str, active))} are all in_progress; at most one step "
                "may be in progress. The plan was not changed.",
                "invalid_args",
            )
        self.steps = clean
        self.updates += 1
        return ToolResult("Plan updated " + self.text(), kind="ok")

    def text(self) -> str:
        """The plan as shown: ``(d/n done):`` then one ``[x]``/``[>]``/``[ ]`` line per step.

        Returns:
            The text, or "" when there is no plan.
        """
        if not self.steps:
            return ""
        done = sum(s["status"] == "done" for s in self.steps)
        lines = [f"({done}/{len(self.steps)} done):"]
        lines += [f"{_MARK[s['status']]} {i}. {s['step']}" for i, s in enumerate(self.steps, 1)]
        return "\n".join(lines)
