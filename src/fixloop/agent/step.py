"""What surrounds one model call of the loop: the budget check, fitting the context, the call.

The loop (:mod:`.loop`) opens the conversation with :func:`opening` (system prompt, tool specs,
the task with the baseline report). Before each model call the loop (:mod:`.loop`) asks :func:`check_budgets` (a used-up budget, a
cancelled attempt or a detected loop raises its :class:`~fixloop.errors.RunStopped`), then
:func:`fit_context` (elides old tool output past the byte or token limit, :mod:`.context`), then
:func:`call_model` (the adapter's failures become stops; the ``model_call`` event). These functions
take the loop's state as arguments, return decisions or raise stops, and never call back into it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fixloop import errors, prompts, render
from fixloop.agent import context
from fixloop.agent.budgets import BudgetMeter
from fixloop.config import BudgetSettings
from fixloop.events import Events
from fixloop.protocols import Briefing, Model, ToolBox
from fixloop.reply import model_call_event
from fixloop.types import TestReport

Block = dict[str, Any]


def opening(
    task: str, tools: ToolBox, baseline: TestReport | None
) -> tuple[list[dict[str, Any]], str, list[Block]]:
    """The conversation's opening: the tool specs, the system prompt and the first user message.

    Args:
        task: the task text.
        tools: the tool box (its specs; its overview of the project when it is a
            :class:`~fixloop.protocols.Briefing`).
        baseline: the gate's baseline report (what fails before any change), or None.

    Returns:
        ``(specs, system, messages)``: ``messages`` holds the one user message.
    """
    specs = list(tools.specs())
    system = prompts.system_prompt(specs)
    base_text = render.for_model(baseline) if baseline is not None else "(no baseline run)"
    overview = tools.opening(baseline) if isinstance(tools, Briefing) else ""
    first = prompts.task_message(task, base_text, overview)
    return specs, system, [{"role": "user", "content": first}]


def check_budgets(
    meter: BudgetMeter,
    events: Events,
    *,
    steps: int,
    test_runs: int,
    test_budget_refused: bool,
    verifications: int,
    loop_stop: str | None,
) -> None:
    """Stop the run before a model call when it must stop (:meth:`BudgetMeter.check`).

    Says the meter's notice (once: the cost budget cannot be enforced) as a notice event.

    Args:
        meter: the run's budget meter.
        events: the run's event emitter.
        steps: model calls so far.
        test_runs: ``run_tests`` runs so far.
        verifications: gate runs so far.
        test_budget_refused: True once a ``run_tests`` call was refused for the test-run budget.
        loop_stop: the loop detector's reason to stop, or None.

    Raises:
        fixloop.errors.LoopDetected: ``loop_stop`` is set.
        fixloop.errors.Interrupted: Ctrl-C cancelled the shared budget (``--attempts``).
        fixloop.errors.Superseded: another attempt cancelled the shared budget.
        fixloop.errors.BudgetExhausted: a budget is used up.
    """
    if loop_stop:
        raise errors.LoopDetected(loop_stop)
    check = meter.check(steps, test_runs, test_budget_refused, verifications)
    if check.notice:
        events.notice(check.notice)
    if check.cancelled:
        if check.interrupt:
            raise errors.Interrupted(check.cancelled)
        raise errors.Superseded(check.cancelled)
    if check.stop:
        raise errors.BudgetExhausted(check.stop)


def fit_context(
    messages: list[Block],
    budgets: BudgetSettings,
    gauge: context.TokenGauge,
    overhead: int,
    events: Events,
) -> bool:
    """Elide old tool output until ``messages`` fit the context limits (:func:`context.fit`).

    Args:
        messages: the conversation, changed in place.
        budgets: the run's settings (``context_bytes``, ``context_tokens``).
        gauge: tokens per byte, from the provider's usage.
        overhead: bytes sent besides the messages (system prompt and tool specs).
        events: the run's event emitter (one notice when something was elided).

    Returns:
        True when something was elided (the loop then repeats the plan to the model).
    """
    elided = context.fit(
        messages,
        budgets.context_bytes,
        tokens=budgets.context_tokens,
        gauge=gauge,
        overhead=overhead,
    )
    if elided:
        events.notice(
            f"context: elided {elided} bytes of old tool output (limits: "
            f"{budgets.context_bytes} bytes, {budgets.context_tokens} tokens "
            f"by the {gauge.source}'s count)"
        )
    return bool(elided)


def call_model(
    model: Model,
    system: str,
    messages: list[Block],
    specs: list[dict[str, Any]],
    *,
    step: int,
    clock: Callable[[], float],
    events: Events,
) -> Any:
    """Call the model once and emit the ``model_call`` event.

    Args:
        model: the model adapter.
        system: the system prompt.
        messages: the conversation (sent as :func:`context.wire` gives it).
        specs: the tool specs.
        step: the number of this step (1-based), for the event.
        clock: a monotonic clock in seconds.
        events: the run's event emitter.

    Returns:
        the model's reply, unchecked (:func:`fixloop.reply.check_reply` checks it).

    Raises:
        fixloop.errors.ContextTooLong: the provider refused the conversation's length.
        fixloop.errors.ProviderStopped: the provider was unavailable.
        fixloop.errors.ModelFailed: the adapter raised anything else.
        fixloop.errors.RunStopped: as raised by the model's own sandboxed commands (the offline
            engine's screening) once the run halted them (``--attempts``: Ctrl-C, another
            attempt verified; :func:`fixloop.sandbox.owners.halt_owned`).
    """
    t0 = clock()
    try:
        reply = model(system, context.wire(messages), specs)
    except errors.ProviderUnavailable as e:
        raise errors.ProviderStopped(f"provider unavailable: {e}") from e
    except (errors.ContextTooLong, errors.RunStopped):
        raise
    except Exception as e:  # noqa: BLE001 - a broken adapter ends the run honestly
        raise errors.ModelFailed(f"the model raised {type(e).__name__}: {e}") from e
    events.emit("model_call", model_call_event(step, reply, clock() - t0))
    return reply


def trim_after_refusal(
    messages: list[Block], trimmed: bool, error: errors.ContextTooLong, events: Events
) -> None:
    """The provider refused the conversation's length: elide every old tool result, once.

    Args:
        messages: the conversation, changed in place (:func:`context.trim_all`).
        trimmed: True when this was done before in the run.
        error: the provider's refusal.
        events: the run's event emitter (one notice).

    Raises:
        fixloop.errors.ContextExhausted: ``trimmed`` (it is still too long after trimming).
    """
    if trimmed:
        raise errors.ContextExhausted(
            "the conversation exceeds the model's context window even after "
            f"trimming old tool output ({error})"
        ) from error
    n = context.trim_all(messages)
    events.notice(f"context too long for the model: elided {n} bytes of old tool output")
