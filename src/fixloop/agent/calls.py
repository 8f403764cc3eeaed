"""One tool call of the loop: its id, running it, recording it, and its ``tool_result`` block.

Every ``tool_use`` block of a reply gets an id of its own (a missing or repeated id is replaced by
``toolu_fixloop_NNNN``) and exactly one ``tool_result``. A call whose arguments could not be
parsed is answered by ``tools.invalid_call`` and never runs; a ``run_tests`` call past the
test-run budget is refused; a tool that raises is answered with an internal error so the pairing
holds. :func:`record` emits the call's events (a test run's ``test_report`` too). These functions
return what happened; the loop counts it.
"""

from __future__ import annotations

from typing import Any

from fixloop import prompts
from fixloop.events import Events
from fixloop.protocols import TestReportEvent, ToolBox, ToolCallEvent, ToolResultEvent
from fixloop.types import ToolResult

Block = dict[str, Any]


class CallIds:
    """Gives every tool_use block an id no earlier block of the run had."""

    def __init__(self) -> None:
        self._n = 0
        self._seen: set[str] = set()

    def fill(self, uses: list[Block]) -> None:
        """Set ``id`` on each block of ``uses`` whose id is missing, not a string, or taken."""
        for b in uses:
            if not isinstance(b.get("id"), str) or not b.get("id") or b["id"] in self._seen:
                self._n += 1
                b["id"] = f"toolu_fixloop_{self._n:04d}"
            self._seen.add(b["id"])


def run_call(tools: ToolBox, block: Block, *, test_runs_left: int, test_budget: int) -> ToolResult:
    """Run one ``tool_use`` block.

    Args:
        tools: the tool box.
        block: the tool_use block (``name``, ``input``; ``parse_error``/``raw_input`` when its
            arguments were not JSON).
        test_runs_left: test runs the budget still allows; at 0 a ``run_tests`` call is refused
            (``kind`` "budget").
        test_budget: the test-run budget, named in the refusal.

    Returns:
        the :class:`ToolResult`; never raises for a failing tool (``kind`` "internal").
    """
    name: Any = block.get("name")  # the model's, unchecked: Tools answers a bad name itself
    args = block.get("input")
    if "parse_error" in block:
        return tools.invalid_call(name, str(block.get("parse_error")), block.get("raw_input", ""))
    if name == "run_tests" and test_runs_left <= 0:
        text = prompts.TEST_BUDGET_USED.format(limit=test_budget)
        return ToolResult(text, is_error=True, kind="budget")
    try:
        return tools.call(name, args)
    except Exception as e:  # noqa: BLE001 - Tools.call must not raise; keep the pairing
        return ToolResult(f"internal error in tool {name!r}: {e!r}", is_error=True, kind="internal")


def record(events: Events, block: Block, result: ToolResult) -> Block:
    """Emit the ``tool_call`` and ``tool_result`` events of one call (and its ``test_report``).

    Returns:
        the ``tool_result`` block answering ``block`` in the next user message.
    """
    call = ToolCallEvent(id=block["id"], name=block.get("name"), input=block.get("input"))
    if "parse_error" in block:
        call["parse_error"] = block["parse_error"]
    events.emit("tool_call", call)
    answer = ToolResultEvent(
        id=block["id"],
        content=result.content,
        is_error=result.is_error,
        kind=result.kind,
        name=block.get("name"),
    )
    events.emit("tool_result", answer)
    if result.test_report is not None:
        report = result.test_report.to_dict()
        events.emit("test_report", TestReportEvent(report=report, source="tool"))
    return {
        "type": "tool_result",
        "tool_use_id": block["id"],
        "content": result.content,
        "is_error": result.is_error,
    }
