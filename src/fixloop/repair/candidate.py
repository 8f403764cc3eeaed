"""A repair candidate: one whole-file rewrite produced by a fix template, and its exact edits.

The templates (:mod:`fixloop.repair.templates`) produce a :class:`Candidate` per mutation:
the whole new text of one file. The engine turns it into the minimal ``edit_file(path, old, new)``
calls the harness accepts (``old`` must occur exactly once in the file at the time of the edit),
so that the offline engine goes through the same tools as any other model.

Multi-location candidates (one bug fixed in two places) are either one candidate whose
``new_source`` holds both changes of the same file (``edits()`` then returns one pair per hunk),
or a candidate with further per-file candidates in ``also``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field


@dataclass
class Candidate:
    """One candidate patch of one file (plus optional further files in ``also``).

    Attributes:
        path: the file's POSIX path relative to the workspace root.
        new_source: the whole new text of the file (str, as read with newline="" so that line
            endings are kept).
        template: the fix template's short name, e.g. ``"binop-swap"``.
        description: one human line, e.g. ``"'*' -> '/' in net_from_gross"``.
        line: the 1-based line of the (first) change in the old source.
        prior: the template's prior plausibility in (0, 1].
        score: the ranking score (the engine sets suspiciousness x prior); higher first.
        old_source: the file's text before the change; :meth:`edits` needs it. Generators set it;
            the engine fills it in when a generator left it empty.
        also: further candidates (other files) applied together with this one.
        completes: for a ``+sibling`` candidate (:mod:`.siblings`), the :attr:`key` of the
            one-site candidate it completes with the same edit at a sibling line; else empty.
    """

    path: str
    new_source: str
    template: str
    description: str
    line: int
    prior: float
    score: float = 0.0
    old_source: str = field(default="", repr=False)
    also: tuple[Candidate, ...] = ()
    completes: tuple[str, ...] = field(default=(), repr=False)
    #: ``(old_source, new_source, diff_lines)`` of the last size computed (sorting the
    #: candidates of a 5,000-line file asks for it thousands of times)
    _size: tuple[str, str, int] | None = field(default=None, repr=False, compare=False)

    # ---------------------------------------------------------------------------------------

    def edits(self, old_source: str | None = None) -> list[tuple[str, str]]:
        """The ``(old, new)`` snippet pairs that turn the old source into ``new_source``.

        Each pair is made of whole lines (a changed hunk as found by :mod:`difflib`), grown by the
        fewest context lines before and after that make ``old`` occur exactly once (overlapping
        matches counted) in the file as it is when that edit is applied: the pairs are meant to be applied
        in order, top of the file first, each one to the result of the previous ones.

        Args:
            old_source: the file's current text; defaults to ``self.old_source``.

        Returns:
            a list of (old, new) pairs; empty when the sources are equal.

        Raises:
            ValueError: no old source is known.
        """
        if old_source is None and not self.old_source and self.new_source:
            raise ValueError(f"candidate for {self.path}: old_source is not set")
        old = self.old_source if old_source is None else old_source
        return minimal_edits(old, self.new_source)

    def all_edits(self) -> list[tuple[str, str, str]]:
        """``(path, old, new)`` triples of this candidate and of every one in ``also``, in order."""
        out = [(self.path, o, n) for o, n in self.edits()]
        for extra in self.also:
            out.extend(extra.all_edits())
        return out

    @property
    def paths(self) -> list[str]:
        """Every file this candidate changes, own path first."""
        out = [self.path]
        for extra in self.also:
            out.extend(p for p in extra.paths if p not in out)
        return out

    @property
    def diff_lines(self) -> int:
        """The size of the change: lines removed plus lines added, over all files."""
        got = self._size
        if got is not None and got[0] is self.old_source and got[1] is self.new_source:
            return got[2] + sum(extra.diff_lines for extra in self.also)
        a = self.old_source.splitlines(keepends=True)
        b = self.new_source.splitlines(keepends=True)
        # the common first and last lines are equal in any alignment: the matcher sees only
        # the middle (on a 5,000-line file ordering 284 candidates took 12 minutes otherwise)
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        a, b = a[head : len(a) - tail], b[head : len(b) - tail]
        size = 0
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
            None, a, b, autojunk=False
        ).get_opcodes():
            if tag != "equal":
                size += (i2 - i1) + (j2 - j1)
        self._size = (self.old_source, self.new_source, size)
        return size + sum(extra.diff_lines for extra in self.also)

    @property
    def diff_chars(self) -> int:
        """A finer size for ties: characters differing between old and new changed lines."""
        total = 0
        for old, new in minimal_edits(self.old_source, self.new_source):
            sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
            total += sum(
                max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in sm.get_opcodes() if tag != "equal"
            )
        return total + sum(extra.diff_chars for extra in self.also)

    @property
    def key(self) -> tuple[str, ...]:
        """A dedup key: the same new texts of the same files are the same candidate."""
        out: tuple[str, ...] = (self.path, self.new_source)
        for extra in self.also:
            out += extra.key
        return out

    def where(self) -> str:
        """``"path:line"`` for reports."""
        return f"{self.path}:{self.line}"


def count_occurrences(text: str, snippet: str) -> int:
    """How many times ``snippet`` occurs in ``text``, overlapping matches counted.

    An empty snippet counts as "everywhere" (``len(text) + 1``), so it is never unique unless
    the text is empty.
    """
    if not snippet:
        return len(text) + 1
    count, start = 0, 0
    while True:
        i = text.find(snippet, start)
        if i < 0:
            return count
        count += 1
        start = i + 1


def _context(cur: list[str], text: str, lo: int, hi: int) -> tuple[int, int]:
    """The fewest context lines that make a change's old text unique.

    Returns ``(before, after)`` such that ``cur[lo - before:hi + after]`` occurs once in ``text``;
    for a given total, more lines before are tried first (the line above a change, such as
    its ``def``, reads best).
    """
    n = len(cur)
    for total in range(0, n + 1):
        for before in range(total, -1, -1):
            after = total - before
            if before > lo or hi + after > n:
                continue
            if count_occurrences(text, "".join(cur[lo - before : hi + after])) == 1:
                return before, after
    return lo, n - hi  # the whole file


def minimal_edits(old: str, new: str) -> list[tuple[str, str]]:
    """Exact, unique ``(old, new)`` snippet pairs that turn ``old`` into ``new`` when applied in order.

    Algorithm: line-level :class:`difflib.SequenceMatcher` opcodes; adjacent changed hunks are
    kept apart. For each hunk, in file order, the snippet is the hunk's old lines in the file as
    it stands after the previous edits, with the fewest context lines around it that make it occur
    exactly once there. The pair's ``new`` carries the same context.

    Args:
        old: the current text of the file.
        new: the wanted text.

    Returns:
        the list of pairs (empty when equal). Applying them in order with
        ``text.replace(old, new, 1)`` gives ``new`` exactly.
    """
    if old == new:
        return []
    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    hunks = [
        (i1, i2, j1, j2)
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        if tag != "equal"
    ]
    cur = list(a)  # the file as it stands, as lines
    shift = 0  # how far lines moved in `cur` relative to `a` after the edits so far
    out: list[tuple[str, str]] = []
    for i1, i2, j1, j2 in hunks:
        lo, hi = i1 + shift, i2 + shift  # the hunk's old lines in `cur`
        repl = b[j1:j2]
        text = "".join(cur)
        before, after = _context(cur, text, lo, hi)
        s_lo, s_hi = lo - before, hi + after
        old_snip = "".join(cur[s_lo:s_hi])
        new_snip = "".join(cur[s_lo:lo]) + "".join(repl) + "".join(cur[hi:s_hi])
        out.append((old_snip, new_snip))
        cur[lo:hi] = repl
        shift += len(repl) - (i2 - i1)
    return out
