"""The person in the loop: questions from the model (``ask_human``) and approvals (``--approve``).

A :class:`Person` answers two kinds of question: a free question (:meth:`Person.ask`) and a
yes/no on a change, shown as a diff (:meth:`Person.confirm`, answered ``y``, ``n`` or ``e``:
explain, whose words go to the model). Two kinds of person:

- :class:`TerminalPerson`: the controlling terminal, ``/dev/tty``, opened for both the prompt and
  the answer, so a run with ``--json`` keeps stdout for its one JSON object whatever the person
  types, and a run whose stdin or stderr is redirected still reaches the person. Ctrl-C while a
  question waits is an ordinary ``KeyboardInterrupt``: the run ends as interrupted (exit 130,
  work committed on the branch).
- :class:`CallbackPerson`: the Python API's ``ask`` callback, ``ask(question) -> answer``; an
  approval is asked through it too: an answer of ``y``/``yes`` approves, ``n``/``no`` or nothing
  refuses, any other text refuses with those words.

No person (``None``): ``ask_human`` answers :data:`NO_PERSON` at once and ``--approve`` other than
``never`` is refused before the run starts.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

#: What ``ask_human`` answers when nobody can be asked.
NO_PERSON = "no person is available: decide, or end with CANNOT FIX:"

#: Lines of a diff shown before an approval question (the rest is counted).
DIFF_LINES = 200


@dataclass
class Decision:
    """A person's answer to an approval.

    Attributes:
        approved: True to go ahead.
        words: what the person said with a refusal (sent to the model), or "".
    """

    approved: bool
    words: str = ""


class Person(Protocol):
    """Someone who answers the model's questions and approves changes."""

    def ask(self, question: str) -> str:
        """The person's answer to ``question`` (one line)."""
        ...

    def confirm(self, title: str, diff: str) -> Decision:
        """Approve or refuse the change ``title`` (e.g. ``edit_file calc.py``), shown as ``diff``."""
        ...


def shown_diff(diff: str, limit: int = DIFF_LINES) -> str:
    """``diff`` cut to ``limit`` lines, saying how many more there are."""
    lines = diff.splitlines()
    if len(lines) <= limit:
        return "\n".join(lines)
    return "\n".join(lines[:limit]) + f"\n... ({len(lines) - limit} more lines)"


class TerminalPerson:
    """The person at the controlling terminal (see the module docstring).

    Args:
        fd: a file descriptor of the terminal, open for reading and writing.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd

    @classmethod
    def open(cls, path: str = "/dev/tty") -> TerminalPerson | None:
        """The terminal's person, or None when the process has no controlling terminal."""
        try:
            fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        except OSError:
            return None
        if not os.isatty(fd):
            os.close(fd)
            return None
        return cls(fd)

    def _say(self, text: str) -> None:
        data = text.encode("utf-8", "replace")
        while data:
            data = data[os.write(self.fd, data) :]

    def _line(self) -> str:
        """One line typed at the terminal (canonical mode: a read returns at most a line)."""
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = os.read(self.fd, 4096)
            if not chunk:  # end of input: nobody is there any more
                raise EOFError("the terminal closed")
            buf += chunk
        return buf.decode("utf-8", "replace").rstrip("\r\n")

    def ask(self, question: str) -> str:
        """Show the model's question and read one line of answer."""
        self._say(f"\n[fixloop] The model asks: {question}\nYour answer: ")
        return self._line().strip()

    def confirm(self, title: str, diff: str) -> Decision:
        """Show the diff and ask ``[y]es / [n]o / [e]xplain`` until one of them is given."""
        self._say(f"\n[fixloop] {title}\n{shown_diff(diff)}\n")
        while True:
            self._say(f"Approve {title}? [y]es / [n]o / [e]xplain: ")
            answer = self._line().strip().lower()
            if answer in ("y", "yes"):
                return Decision(True)
            if answer in ("n", "no"):
                return Decision(False)
            if answer in ("e", "explain"):
                self._say("Why not (sent to the model): ")
                return Decision(False, self._line().strip())


class CallbackPerson:
    """The Python API's ``ask`` callback as a person (see the module docstring).

    Args:
        fn: ``fn(question) -> answer``.
    """

    def __init__(self, fn: Callable[[str], str]) -> None:
        self.fn = fn

    def ask(self, question: str) -> str:
        """The callback's answer."""
        return str(self.fn(question))

    def confirm(self, title: str, diff: str) -> Decision:
        """Ask through the callback; ``y``/``yes`` approves, other words refuse with them."""
        answer = str(
            self.fn(
                f"Approve {title}?\n{shown_diff(diff)}\nAnswer y to approve; n refuses; other "
                "words refuse and are sent to the model."
            )
        ).strip()
        if answer.lower() in ("y", "yes"):
            return Decision(True)
        if answer.lower() in ("n", "no", ""):
            return Decision(False)
        return Decision(False, answer)
