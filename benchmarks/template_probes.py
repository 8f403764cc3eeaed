"""Per-kind probes of the fix templates: small buggy snippets written for this probe, one per kind.

Each :class:`Probe` is a small function (written here, for no task of any suite) with one bug of
one kind of issue 19 and its fix. :func:`probe` gives the buggy lines (``mark`` lines, 1-based)
suspiciousness 1.0 and the other lines of the snippet 0.5 (localization is never exact: the
whole function is usually suspected), generates candidates with
:func:`fixloop.repair.templates.generate_candidates` and reports whether the fix is among them
(the same program: ``ast.dump`` equal) and at what rank. ``template_coverage.py --probe`` prints
the table.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))


@dataclass(frozen=True)
class Probe:
    """One kind: the buggy source, the fixed source, the 1-based buggy lines."""

    kind: str
    buggy: str
    fixed: str
    mark: tuple[int, ...]


PROBES: list[Probe] = [
    Probe(
        "elif '<' -> '<='",
        "def bucket(n, lo, hi):\n    if n < lo:\n        return 'low'\n"
        "    elif n < hi:\n        return 'mid'\n    return 'high'\n",
        "def bucket(n, lo, hi):\n    if n < lo:\n        return 'low'\n"
        "    elif n <= hi:\n        return 'mid'\n    return 'high'\n",
        (4,),
    ),
    Probe(
        "constant 1000 -> 1024",
        "def kib(n_bytes):\n    return n_bytes / 1000\n",
        "def kib(n_bytes):\n    return n_bytes / 1024\n",
        (2,),
    ),
    Probe(
        "constant 60 -> 3600",
        "def to_seconds(hours, minutes):\n    return hours * 60 + minutes * 60\n",
        "def to_seconds(hours, minutes):\n    return hours * 3600 + minutes * 60\n",
        (2,),
    ),
    Probe(
        "returned '' -> '0'",
        "def digits(n):\n    if n == 0:\n        return ''\n    out = ''\n    while n:\n"
        "        out = str(n % 10) + out\n        n //= 10\n    return out\n",
        "def digits(n):\n    if n == 0:\n        return '0'\n    out = ''\n    while n:\n"
        "        out = str(n % 10) + out\n        n //= 10\n    return out\n",
        (3,),
    ),
    Probe(
        "[] -> [[]]",
        "def subsets(xs):\n    out = []\n    for x in xs:\n        out = out + [s + [x] for s in out]\n"
        "    return out\n",
        "def subsets(xs):\n    out = [[]]\n    for x in xs:\n        out = out + [s + [x] for s in out]\n"
        "    return out\n",
        (2,),
    ),
    Probe(
        "swapped args of a local function",
        "def clamp(x, lo, hi):\n    return max(lo, min(x, hi))\n\n\n"
        "def normalize(vals, top):\n    return [clamp(v, top, 0) for v in vals]\n",
        "def clamp(x, lo, hi):\n    return max(lo, min(x, hi))\n\n\n"
        "def normalize(vals, top):\n    return [clamp(v, 0, top) for v in vals]\n",
        (6,),
    ),
    Probe(
        "n -> n - 1 in a call",
        "def tri(n):\n    if n <= 0:\n        return 0\n    return n + tri(n)\n",
        "def tri(n):\n    if n <= 0:\n        return 0\n    return n + tri(n - 1)\n",
        (4,),
    ),
    Probe(
        "'^' -> '&'",
        "def common_flags(a, b):\n    return a ^ b\n",
        "def common_flags(a, b):\n    return a & b\n",
        (2,),
    ),
    Probe(
        "while True -> while queue",
        "def drain(queue):\n    out = []\n    while True:\n        out.append(queue.pop(0))\n"
        "    return out\n",
        "def drain(queue):\n    out = []\n    while queue:\n        out.append(queue.pop(0))\n"
        "    return out\n",
        (3,),
    ),
    Probe(
        "'== 0' -> '<= 1'",
        "def fib(n):\n    if n == 0:\n        return n\n    return fib(n - 1) + fib(n - 2)\n",
        "def fib(n):\n    if n <= 1:\n        return n\n    return fib(n - 1) + fib(n - 2)\n",
        (2,),
    ),
    Probe(
        "'s + c' -> 'c + s'",
        "def reverse(text):\n    s = ''\n    for c in text:\n        s = s + c\n    return s\n",
        "def reverse(text):\n    s = ''\n    for c in text:\n        s = c + s\n    return s\n",
        (4,),
    ),
    Probe(
        "xs -> xs[k:]",
        "def tail_sum(xs, k):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n",
        "def tail_sum(xs, k):\n    total = 0\n    for x in xs[k:]:\n        total += x\n    return total\n",
        (3,),
    ),
    Probe(
        "b -> b[1:]",
        "def pairs(a, b):\n    return [x + y for x, y in zip(a, b)]\n",
        "def pairs(a, b):\n    return [x + y for x, y in zip(a, b[1:])]\n",
        (2,),
    ),
    Probe(
        "mirror counter update",
        "def order(deps):\n    waiting = {n: 0 for n in deps}\n    for n in deps:\n"
        "        for d in deps[n]:\n            waiting[d] += 1\n"
        "    ready = [n for n in deps if waiting[n] == 0]\n    out = []\n    while ready:\n"
        "        n = ready.pop()\n        out.append(n)\n        for d in deps[n]:\n"
        "            if waiting[d] == 0:\n                ready.append(d)\n    return out\n",
        "def order(deps):\n    waiting = {n: 0 for n in deps}\n    for n in deps:\n"
        "        for d in deps[n]:\n            waiting[d] += 1\n"
        "    ready = [n for n in deps if waiting[n] == 0]\n    out = []\n    while ready:\n"
        "        n = ready.pop()\n        out.append(n)\n        for d in deps[n]:\n"
        "            waiting[d] -= 1\n"
        "            if waiting[d] == 0:\n                ready.append(d)\n    return out\n",
        (12,),
    ),
    Probe(
        "seen.add(node) for a read set",
        "def reach(graph, start):\n    seen = set()\n    todo = [start]\n    while todo:\n"
        "        node = todo.pop()\n        if node in seen:\n            continue\n"
        "        todo.extend(graph.get(node, []))\n    return seen\n",
        "def reach(graph, start):\n    seen = set()\n    todo = [start]\n    while todo:\n"
        "        node = todo.pop()\n        if node in seen:\n            continue\n"
        "        seen.add(node)\n"
        "        todo.extend(graph.get(node, []))\n    return seen\n",
        (8,),
    ),
    Probe(
        "push missing on one branch",
        "def to_postfix(tokens):\n    out, stack = [], []\n    for tok in tokens:\n"
        "        if tok.isdigit():\n            out.append(tok)\n        elif tok == '(':\n"
        "            stack.append(tok)\n        elif tok == ')':\n"
        "            while stack[-1] != '(':\n                out.append(stack.pop())\n"
        "            stack.pop()\n        else:\n"
        "            while stack and stack[-1] != '(':\n                out.append(stack.pop())\n"
        "    return out + stack[::-1]\n",
        "def to_postfix(tokens):\n    out, stack = [], []\n    for tok in tokens:\n"
        "        if tok.isdigit():\n            out.append(tok)\n        elif tok == '(':\n"
        "            stack.append(tok)\n        elif tok == ')':\n"
        "            while stack[-1] != '(':\n                out.append(stack.pop())\n"
        "            stack.pop()\n        else:\n"
        "            while stack and stack[-1] != '(':\n                out.append(stack.pop())\n"
        "            stack.append(tok)\n"
        "    return out + stack[::-1]\n",
        (13,),
    ),
    Probe(
        "push missing on one branch, copied and changed",
        "def rpn(tokens):\n    stack = []\n    for tok in tokens:\n        if tok == '+':\n"
        "            b, a = stack.pop(), stack.pop()\n            stack.append(a + b)\n"
        "        elif tok == '*':\n            b, a = stack.pop(), stack.pop()\n"
        "        else:\n            stack.append(int(tok))\n    return stack[-1]\n",
        "def rpn(tokens):\n    stack = []\n    for tok in tokens:\n        if tok == '+':\n"
        "            b, a = stack.pop(), stack.pop()\n            stack.append(a + b)\n"
        "        elif tok == '*':\n            b, a = stack.pop(), stack.pop()\n"
        "            stack.append(a * b)\n"
        "        else:\n            stack.append(int(tok))\n    return stack[-1]\n",
        (8,),
    ),
    Probe(
        "guard 'if not self._items: raise'",
        "class EmptyError(Exception):\n    pass\n\n\nclass Stack:\n    def __init__(self):\n"
        "        self._items = []\n\n    def push(self, x):\n        self._items.append(x)\n\n"
        "    def peek(self):\n        if not self._items:\n            raise EmptyError('empty')\n"
        "        return self._items[-1]\n\n    def pop(self):\n        return self._items.pop()\n",
        "class EmptyError(Exception):\n    pass\n\n\nclass Stack:\n    def __init__(self):\n"
        "        self._items = []\n\n    def push(self, x):\n        self._items.append(x)\n\n"
        "    def peek(self):\n        if not self._items:\n            raise EmptyError('empty')\n"
        "        return self._items[-1]\n\n    def pop(self):\n        if not self._items:\n"
        "            raise EmptyError('empty')\n        return self._items.pop()\n",
        (18,),
    ),
    Probe(
        "final out.append(rest) after a loop",
        "def chunks(xs, size):\n    out, rest = [], []\n    for x in xs:\n        rest.append(x)\n"
        "        if len(rest) == size:\n            out.append(rest)\n            rest = []\n"
        "    return out\n",
        "def chunks(xs, size):\n    out, rest = [], []\n    for x in xs:\n        rest.append(x)\n"
        "        if len(rest) == size:\n            out.append(rest)\n            rest = []\n"
        "    if rest:\n        out.append(rest)\n    return out\n",
        (8,),
    ),
    Probe(
        "prev = node pointer update",
        "def remove_all(head, val):\n    prev, node = None, head\n    while node is not None:\n"
        "        if node.val == val:\n            if prev is None:\n                head = node.next\n"
        "            else:\n                prev.next = node.next\n"
        "        node = node.next\n    return head\n",
        "def remove_all(head, val):\n    prev, node = None, head\n    while node is not None:\n"
        "        if node.val == val:\n            if prev is None:\n                head = node.next\n"
        "            else:\n                prev.next = node.next\n        else:\n"
        "            prev = node\n        node = node.next\n    return head\n",
        (9,),
    ),
    Probe(
        "wrapper max(0, e)",
        "def remaining(budget, spent):\n    return budget - spent\n",
        "def remaining(budget, spent):\n    return max(0, budget - spent)\n",
        (2,),
    ),
    Probe(
        "wrapper abs(e)",
        "def distance(a, b):\n    return a - b\n",
        "def distance(a, b):\n    return abs(a - b)\n",
        (2,),
    ),
    Probe(
        "wrapper len(e)",
        "def average(values):\n    total = sum(values)\n    return total / values\n",
        "def average(values):\n    total = sum(values)\n    return total / len(values)\n",
        (3,),
    ),
    Probe(
        "wrapper not e",
        "def is_blank(line):\n    return line.strip()\n",
        "def is_blank(line):\n    return not line.strip()\n",
        (2,),
    ),
    Probe(
        "wrapper e or default",
        "def greet(name, default='there'):\n    who = name\n    return 'hello ' + who\n",
        "def greet(name, default='there'):\n    who = name or default\n    return 'hello ' + who\n",
        (2,),
    ),
    Probe(
        "wrapper 'e is None or ...'",
        "def within(x, limit=None):\n    if x <= limit:\n        return True\n    return False\n",
        "def within(x, limit=None):\n    if limit is None or x <= limit:\n        return True\n"
        "    return False\n",
        (2,),
    ),
]


def same_program(a: str, b: str) -> bool:
    """Whether two sources are the same program (text, else ``ast.dump``)."""
    if a == b:
        return True
    try:
        return ast.dump(ast.parse(a)) == ast.dump(ast.parse(b))
    except SyntaxError:
        return False


def suspicious_of(p: Probe) -> dict[int, float]:
    """1.0 for the marked lines, 0.5 for every other non-blank line of the snippet."""
    out = {}
    for i, ln in enumerate(p.buggy.splitlines(), 1):
        if ln.strip():
            out[i] = 1.0 if i in p.mark else 0.5
    return out


def probe(p: Probe) -> tuple[int | None, str, int]:
    """(rank of the fix or None, its template, candidates generated) for one probe."""
    from fixloop.repair.templates import generate_candidates

    cands = generate_candidates(p.buggy, "mod.py", suspicious_of(p))
    for i, c in enumerate(cands, 1):
        if same_program(c.new_source, p.fixed):
            return i, c.template, len(cands)
    return None, "", len(cands)


def main() -> int:
    """Print one line per probe: kind, rank (``-``: not generated), template, candidates."""
    found = 0
    print(f"{'kind':40} {'rank':>5} {'cands':>5}  template")
    for p in PROBES:
        assert same_program(p.fixed, p.fixed) and p.buggy != p.fixed
        rank, template, n = probe(p)
        found += rank is not None
        print(f"{p.kind:40} {rank if rank else '-':>5} {n:5d}  {template}")
    print(f"\nfix generated for {found}/{len(PROBES)} kinds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
