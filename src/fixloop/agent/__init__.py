"""The agent: the loop (:mod:`.loop`) and what it uses beside it, each returning decisions.

- :mod:`.loop`: :class:`Agent`, the ReAct loop; stops are :class:`fixloop.errors.RunStopped`;
- :mod:`.budgets`: usage totals and the budget check before each model call;
- :mod:`.loopdetect`: the same failure or call again and again;
- :mod:`.context`: message size and elision of old tool output;
- :mod:`.report`: the report texts (:func:`report_text`, :func:`summarize`).
"""

from fixloop.agent.loop import Agent
from fixloop.agent.report import report_text, summarize
from fixloop.events import EventSink

__all__ = ["Agent", "EventSink", "report_text", "summarize"]
