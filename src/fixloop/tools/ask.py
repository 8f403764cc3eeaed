"""``ask_human(question)``: the model asks the person at the terminal (or the API's callback).

For a model that is stuck: with a person (:class:`fixloop.person.Person`: the terminal of an
interactive run, or the Python API's ``ask`` callback) the question is shown and the answer
returned; without one the tool answers :data:`fixloop.person.NO_PERSON` at once ("no person is
available: decide, or end with CANNOT FIX:"). Each question and its answer is a ``question``
event in the trajectory (``answer`` null and ``no_person`` true when nobody was there), shown by
``fixloop show``. A Ctrl-C while the question waits ends the run as an interrupt.
"""

from __future__ import annotations

from typing import Any

from fixloop.person import NO_PERSON, Person
from fixloop.tools.helpers import HelperTool
from fixloop.types import ToolResult

#: Characters of an answer passed on to the model.
ANSWER_CHARS = 4_000


class AskHumanTool(HelperTool):
    """The ``ask_human`` tool (see the module docstring).

    Args:
        person: who answers, or None (nobody: the tool says so at once).
    """

    name = "ask_human"
    description = (
        "Ask the person who started the run a short question, when you are stuck.\n"
        "Use it rarely: for a decision only the person can make (what the intended behaviour "
        "is), not for what the code or the tests can tell you. The answer may be that no "
        "person is available."
    )
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "question": {"type": "string", "description": "One clear question for the person."}
        },
        "required": ["question"],
        "additionalProperties": False,
    }

    def __init__(self, person: Person | None) -> None:
        super().__init__()
        self.person = person

    def run(self, **args: Any) -> ToolResult:
        """Ask the person (or say at once that nobody is there)."""
        question = str(args.get("question", "")).strip()
        if not question:
            return ToolResult("Error: ask_human needs a question.", True, "invalid_args")
        step = self.host.steps if self.host is not None else 0
        if self.person is None:
            self._record(step, question, None)
            return ToolResult(NO_PERSON, kind="no_person")
        try:
            answer = self.person.ask(question)[:ANSWER_CHARS]
        except EOFError:  # the terminal went away
            self._record(step, question, None)
            return ToolResult(NO_PERSON, kind="no_person")
        self._record(step, question, answer)
        return ToolResult(f"The person answered: {answer}" if answer else "The person gave no "
                          "answer (an empty line): decide yourself.")  # fmt: skip

    def _record(self, step: int, question: str, answer: str | None) -> None:
        if self.host is not None:
            data = {"step": step, "question": question, "answer": answer}
            self.host.emit("question", {**data, "no_person": answer is None})
