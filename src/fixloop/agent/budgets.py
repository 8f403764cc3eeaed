"""The budgets of one run: usage accounting and the stop decision taken before each model call.

A :class:`BudgetMeter` adds up the replies' usage and, asked with the loop's counts, says which
budget (if any) is used up. It returns decisions and never calls back into the loop. The limits
are :class:`fixloop.config.BudgetSettings` (one source of settings and defaults).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fixloop.config import BudgetSettings
from fixloop.types import Usage

COST_UNKNOWN = (
    "the cost budget cannot be enforced: the model's price is unknown "
    "(token and step budgets still apply)"
)
PRICE_UNKNOWN = (
    "the cost budget cannot be enforced: the model has no price, so its calls count as $0 "
    "(token and step budgets still apply; give it a price in the user config)"
)


@dataclass
class BudgetCheck:
    """The decision before one model call.

    Attributes:
        stop: why the run must stop (a used-up budget), or None to go on.
        notice: a line for the user (said once: the cost budget cannot be enforced), or None.
    """

    stop: str | None = None
    notice: str | None = None
    cancelled: str | None = None
    interrupt: bool = False


class SharedBudget:
    """The budgets several attempts of one run share (``--attempts``): cost, tokens, wall time.

    Thread-safe: each attempt's :class:`BudgetMeter` adds every reply's tokens and cost here and
    asks before each model call. :meth:`cancel` ends every attempt at its next check (another
    attempt won, or Ctrl-C).

    Args:
        max_cost_usd: US dollars over all attempts.
        max_tokens: input + output tokens over all attempts.
        max_wall_s: seconds from the creation of this object (the start of the whole run).
        clock: a monotonic clock in seconds (for tests).

    Attributes:
        cost_usd: dollars spent so far (calls with an unknown price count $0).
        tokens: input + output tokens so far.
    """

    def __init__(
        self,
        *,
        max_cost_usd: float,
        max_tokens: int,
        max_wall_s: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_cost_usd, self.max_tokens, self.max_wall_s = max_cost_usd, max_tokens, max_wall_s
        self.clock = clock
        self.deadline = clock() + max_wall_s
        self.cost_usd = 0.0
        self.tokens = 0
        self._lock = threading.Lock()
        self._cancelled: tuple[str, bool] | None = None

    def add(self, usage: Mapping[str, Any]) -> None:
        """Add one reply's usage mapping (``input_tokens``, ``output_tokens``, ``cost_usd``)."""
        cost = usage.get("cost_usd")
        with self._lock:
            self.tokens += _num(usage, "input_tokens") + _num(usage, "output_tokens")
            if isinstance(cost, int | float) and not isinstance(cost, bool):
                self.cost_usd += float(cost)

    def cancel(self, reason: str, *, interrupt: bool = False) -> None:
        """Stop every attempt at its next check (the first reason given is kept).

        Args:
            reason: the sentence each stopped attempt reports.
            interrupt: True for Ctrl-C (the attempts end as interrupted, not superseded).
        """
        with self._lock:
            if self._cancelled is None:
                self._cancelled = (reason, interrupt)

    @property
    def cancelled(self) -> tuple[str, bool] | None:
        """``(reason, interrupt)`` once :meth:`cancel` was called, else None."""
        with self._lock:
            return self._cancelled

    def left_s(self) -> float:
        """Seconds left of the whole run's wall-time budget (negative once past it)."""
        return self.deadline - self.clock()

    def stop(self) -> str | None:
        """Which shared budget is used up, or None (checked: cost, tokens, wall time)."""
        with self._lock:
            cost, tokens = self.cost_usd, self.tokens
        if cost >= self.max_cost_usd:
            return (
                f"cost budget of the whole run used up (${cost:.4f} of ${self.max_cost_usd:.2f} "
                "over all attempts)"
            )
        if tokens >= self.max_tokens:
            return (
                f"token budget of the whole run used up ({tokens} of {self.max_tokens} tokens "
                "over all attempts)"
            )
        if self.left_s() <= 0:
            return f"wall-time budget of the whole run used up ({self.max_wall_s:.0f} s)"
        return None


def _num(usage: Mapping[str, Any], key: str) -> int:
    v = usage.get(key)
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0


class BudgetMeter:
    """Usage totals and budget checks of one run.

    Args:
        budgets: the limits (counts, tokens, US dollars, seconds).
        clock: a monotonic clock in seconds (for tests).
        shared: the budgets shared with the run's other attempts, or None (one attempt).

    Attributes:
        usage: the :class:`~fixloop.types.Usage` totals; ``cost_usd`` becomes None once a billed
            call's price is unknown.
    """

    def __init__(
        self,
        budgets: BudgetSettings,
        clock: Callable[[], float] = time.monotonic,
        shared: SharedBudget | None = None,
    ):
        self.budgets = budgets
        self.clock = clock
        self.shared = shared
        self.usage = Usage()
        self._start = clock()
        self._cost_unknown_said = False

    def elapsed(self) -> float:
        """Seconds since the meter was created (the start of the loop)."""
        return self.clock() - self._start

    def wall_left(self) -> bool:
        """True while the wall-time budget is not used up."""
        return self.elapsed() < self.budgets.max_wall_s

    def add(self, usage: Any) -> None:
        """Add one reply's ``usage`` mapping (anything else is ignored)."""
        if not isinstance(usage, Mapping):
            return
        if self.shared is not None:
            self.shared.add(usage)
        self.usage.add(usage)

    def check(
        self, steps: int, test_runs: int, test_run_refused: bool, verifications: int
    ) -> BudgetCheck:
        """Say which budget, if any, is used up.

        Checked in the order steps, test runs, verifications, tokens, cost, wall time, then the
        shared budgets of the run's attempts (a cancelled run sets ``cancelled``).

        Args:
            steps: model calls made.
            test_runs: test runs the model asked for.
            test_run_refused: True once a ``run_tests`` call was refused for the budget (the
                test-run budget stops the run only then).
            verifications: gate runs made.

        Returns:
            a :class:`BudgetCheck`.
        """
        b = self.budgets
        out = BudgetCheck()
        if steps >= b.max_steps:
            out.stop = f"step budget used up ({b.max_steps} model calls)"
        elif test_run_refused and test_runs >= b.max_test_runs:
            out.stop = f"test-run budget used up ({b.max_test_runs} runs)"
        elif verifications >= b.max_verifications:
            out.stop = f"verification budget used up ({b.max_verifications} gate runs)"
        elif (total := self.usage.input_tokens + self.usage.output_tokens) >= b.max_tokens:
            out.stop = f"token budget used up ({total} of {b.max_tokens} tokens)"
        else:
            cost = self.usage.cost_usd
            if (cost is None or self.usage.price_unknown) and not self._cost_unknown_said:
                self._cost_unknown_said = True
                out.notice = COST_UNKNOWN if cost is None else PRICE_UNKNOWN
            if cost is not None and cost >= b.max_cost_usd:
                out.stop = f"cost budget used up (${cost:.4f} of ${b.max_cost_usd:.2f})"
            if out.stop is None and not self.wall_left():
                out.stop = f"wall-time budget used up ({b.max_wall_s:.0f} s)"
        if self.shared is not None:
            if (cancelled := self.shared.cancelled) is not None:
                out.cancelled, out.interrupt = cancelled
            elif out.stop is None:
                out.stop = self.shared.stop()
        return out
