"""The budgets of one run: usage accounting and the stop decision taken before each model call.

A :class:`BudgetMeter` adds up the replies' usage and, asked with the loop's counts, says which
budget (if any) is used up. It returns decisions and never calls back into the loop. The limits
are :class:`fixloop.config.BudgetSettings` (one source of settings and defaults).
"""

from __future__ import annotations

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


def _num(usage: Mapping[str, Any], key: str) -> int:
    v = usage.get(key)
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0


class BudgetMeter:
    """Usage totals and budget checks of one run.

    Args:
        budgets: the limits (counts, tokens, US dollars, seconds).
        clock: a monotonic clock in seconds (for tests).

    Attributes:
        usage: the :class:`~fixloop.types.Usage` totals; ``cost_usd`` becomes None once a billed
            call's price is unknown.
    """

    def __init__(self, budgets: BudgetSettings, clock: Callable[[], float] = time.monotonic):
        self.budgets = budgets
        self.clock = clock
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
        u = self.usage
        u.input_tokens += _num(usage, "input_tokens")
        u.output_tokens += _num(usage, "output_tokens")
        u.cache_read_input_tokens += _num(usage, "cache_read_input_tokens")
        u.cache_creation_input_tokens += _num(usage, "cache_creation_input_tokens")
        u.reasoning_tokens += _num(usage, "reasoning_tokens")
        u.price_unknown |= usage.get("price_unknown") is True
        billed = _num(usage, "input_tokens") + _num(usage, "output_tokens") > 0
        if "cost_usd" in usage:
            cost = usage.get("cost_usd")
            if isinstance(cost, int | float) and not isinstance(cost, bool):
                if u.cost_usd is not None:
                    u.cost_usd += float(cost)
            else:
                u.cost_usd = None
        elif billed:
            u.cost_usd = None

    def check(
        self, steps: int, test_runs: int, test_run_refused: bool, verifications: int
    ) -> BudgetCheck:
        """Say which budget, if any, is used up.

        Checked in the order steps, test runs, verifications, tokens, cost, wall time.

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
        return out
