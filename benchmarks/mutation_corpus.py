"""Correct small functions written for benchmarks/mutation_prior.py: bugs are injected into them.

Everyday code of the shapes the repair engine meets (loops with counters, visited sets, stacks,
linked lists, string building, guards, unit conversions, classes with state). Nothing here is
taken from a benchmark suite; the functions are correct, and the mutation runs break them.
"""

from __future__ import annotations

from collections import deque


class EmptyError(Exception):
    """Raised when a container is empty."""


class Node:
    def __init__(self, val, nxt=None):
        self.val = val
        self.next = nxt


def bfs_order(graph, start):
    seen = {start}
    order = []
    todo = deque([start])
    while todo:
        node = todo.popleft()
        order.append(node)
        for nb in graph.get(node, []):
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return order


def topo_sort(deps):
    indeg = {n: 0 for n in deps}
    for n in deps:
        for d in deps[n]:
            indeg[d] += 1
    ready = [n for n in deps if indeg[n] == 0]
    out = []
    while ready:
        n = ready.pop()
        out.append(n)
        for d in deps[n]:
            indeg[d] -= 1
            if indeg[d] == 0:
                ready.append(d)
    return out


def split_fields(line, sep=","):
    fields, cur = [], ""
    for ch in line:
        if ch == sep:
            fields.append(cur)
            cur = ""
        else:
            cur += ch
    fields.append(cur)
    return fields


def group_runs(xs):
    runs, run = [], []
    for x in xs:
        if run and x != run[-1]:
            runs.append(run)
            run = []
        run.append(x)
    if run:
        runs.append(run)
    return runs


def reverse_list(head):
    prev = None
    node = head
    while node is not None:
        nxt = node.next
        node.next = prev
        prev = node
        node = nxt
    return prev


def drop_value(head, val):
    prev, node = None, head
    while node is not None:
        if node.val == val:
            if prev is None:
                head = node.next
            else:
                prev.next = node.next
        else:
            prev = node
        node = node.next
    return head


def balanced(text):
    pairs = {")": "(", "]": "[", "}": "{"}
    stack = []
    for ch in text:
        if ch in "([{":
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack[-1] != pairs[ch]:
                return False
            stack.pop()
    return not stack


def binary_search(xs, target):
    lo, hi = 0, len(xs) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if xs[mid] == target:
            return mid
        elif xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def seconds_of(hours, minutes, seconds):
    return hours * 3600 + minutes * 60 + seconds


def human_size(n_bytes):
    units = ["B", "KiB", "MiB", "GiB"]
    size = float(n_bytes)
    for unit in units:
        if size < 1024 or unit == units[-1]:
            return f"{size:.1f} {unit}"
        size /= 1024
    return ""


def clamp(x, lo, hi):
    return max(lo, min(x, hi))


def scale_all(values, top):
    return [clamp(v, 0, top) for v in values]


def mean(values):
    if not values:
        raise ValueError("mean of nothing")
    return sum(values) / len(values)


def days_left(budget, spent):
    return max(0, budget - spent)


def pad_number(n, width):
    text = str(abs(n))
    while len(text) < width:
        text = "0" + text
    return "-" + text if n < 0 else text


def to_binary(n):
    if n == 0:
        return "0"
    digits = ""
    while n > 0:
        digits = str(n % 2) + digits
        n //= 2
    return digits


def fib(n):
    if n <= 1:
        return n
    return fib(n - 1) + fib(n - 2)


def power_set(xs):
    out = [[]]
    for x in xs:
        out = out + [s + [x] for s in out]
    return out


def window_sums(xs, k):
    if k <= 0 or k > len(xs):
        return []
    total = sum(xs[:k])
    sums = [total]
    for i in range(k, len(xs)):
        total += xs[i] - xs[i - k]
        sums.append(total)
    return sums


def common_bits(a, b):
    return a & b


def describe(name, title=None):
    label = title or "friend"
    return f"{label} {name}".strip()


def within(x, limit=None):
    return limit is None or x <= limit


def grade(score):
    if score >= 90:
        return "A"
    elif score >= 75:
        return "B"
    elif score >= 50:
        return "C"
    return "F"


def count_words(text):
    counts = {}
    for word in text.lower().split():
        counts[word] = counts.get(word, 0) + 1
    return counts


def dedupe(items):
    seen = set()
    out = []
    for it in items:
        if it in seen:
            continue
        seen.add(it)
        out.append(it)
    return out


def chunked(xs, size):
    if size < 1:
        raise ValueError("size must be positive")
    out, cur = [], []
    for x in xs:
        cur.append(x)
        if len(cur) == size:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


class Stack:
    def __init__(self):
        self._items = []
        self.pushes = 0

    def push(self, x):
        self._items.append(x)
        self.pushes += 1

    def pop(self):
        if not self._items:
            raise EmptyError("pop from an empty stack")
        return self._items.pop()

    def peek(self):
        if not self._items:
            raise EmptyError("peek at an empty stack")
        return self._items[-1]

    def __len__(self):
        return len(self._items)


class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.history = []

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("deposit", amount))

    def withdraw(self, amount):
        if amount > self.balance:
            raise ValueError("insufficient funds")
        self.balance -= amount
        self.history.append(("withdraw", amount))
        return self.balance


class Pool:
    def __init__(self, size):
        self.size = size
        self.busy = 0
        self.waiting = deque()

    def acquire(self, who):
        if self.busy < self.size:
            self.busy += 1
            return True
        self.waiting.append(who)
        return False

    def release(self):
        if self.waiting:
            self.waiting.popleft()
            return
        self.busy -= 1


def merge_sorted(a, b):
    i = j = 0
    out = []
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
            j += 1
    out.extend(a[i:])
    out.extend(b[j:])
    return out


def pairwise_diffs(xs):
    return [y - x for x, y in zip(xs, xs[1:], strict=False)]


def rpn(tokens):
    stack = []
    for tok in tokens:
        if tok in "+-*":
            b, a = stack.pop(), stack.pop()
            if tok == "+":
                stack.append(a + b)
            elif tok == "-":
                stack.append(a - b)
            else:
                stack.append(a * b)
        else:
            stack.append(int(tok))
    return stack[-1]


def drain(queue):
    out = []
    while queue:
        out.append(queue.pop(0))
    return out


def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def reverse_words(text):
    out = ""
    for word in text.split():
        out = word + " " + out
    return out.strip()
