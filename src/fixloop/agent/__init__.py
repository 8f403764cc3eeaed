"""The agent: the loop (:mod:`.loop`) and what it uses beside it, each returning decisions.

- :mod:`.loop`: :class:`Agent`, the ReAct loop; stops are :class:`fixloop.errors.RunStopped`;
- :mod:`.budgets`: usage totals and the budget check before each model call;
- :mod:`.loopdetect`: the same failure or call again and again;
- :mod:`.context`: message size and elision of old tool output;
- :mod:`.step`: the conversation's opening and what surrounds each model call;
- :mod:`.calls`: one tool call; :mod:`.claims`: claims and the gate;
- :mod:`.cutoff`: replies cut at the output limit; :mod:`.nudges`: loop warnings;
- :mod:`.outcome`: the loop's :class:`~fixloop.types.RunResult`.

The texts of reports (the model's, the final summary) are :mod:`fixloop.render`'s.
"""

from fixloop.agent.loop import Agent
from fixloop.events import EventSink

__all__ = ["Agent", "EventSink"]
