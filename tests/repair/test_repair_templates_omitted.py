"""Missing statements implied by the program's own declarations and siblings (templates_omitted),
and the tuple item of a set add and the cache store before an eviction (templates_insert,
templates_missing). Programs written for this test, each kind in several syntactic positions (a
method, a module function, a nested function, a comprehension, an ``elif`` chain, a ``with``
body); each kind also has a twin where the statement is there already, which must get none.
"""

from __future__ import annotations

from repair_oracle import fixing, src_of, templates_of
from repair_oracle import suspicious as _lines

from fixloop.repair.templates import generate_candidates


def with_line(text: str, after: str, line: str) -> str:
    """``text`` with ``line`` (indented like the line holding ``after``) inserted after it."""
    out = []
    for ln in src_of(text).splitlines(keepends=True):
        out.append(ln)
        if after in ln:
            out.append(ln[: len(ln) - len(ln.lstrip())] + line + "\n")
    assert len(out) > len(src_of(text).splitlines())
    return "".join(out)


# ------------------------------------------------------------------ set add of a tuple item

GRID = """
def reachable(grid, start):
    seen = set()
    todo = [start]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen or grid[r][c] == "#":
            continue
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            if 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0]):
                todo.append((r + dr, c + dc))
    return len(seen)
"""

PAIRS = """
class Matches:
    def __init__(self):
        self.played = set()

    def play(self, home, away, kind="league"):
        if kind == "friendly":
            return None
        elif (home, away) in self.played:
            raise ValueError("played already")
        result = home > away
        return result
"""


def test_set_add_of_a_tuple_item_in_a_while_loop_and_an_elif_method():
    fixed = src_of(GRID).replace(
        "            continue\n", "            continue\n        seen.add((r, c))\n"
    )
    assert "insert-set-add" in fixing(GRID, fixed, ["continue", "for dr"])
    fixed = with_line(PAIRS, "result = home > away", "self.played.add((home, away))")
    assert "insert-set-add" in fixing(PAIRS, fixed, ["result = home"])
    # never the tuple's parts as two arguments
    for c in generate_candidates(src_of(PAIRS), "mod.py", _lines(src_of(PAIRS), ["result"])):
        assert "add(home, away)" not in c.new_source


# ------------------------------------------------------------------ cache store before eviction

MEMO = """
_RATES = {}
LIMIT = 64


def rate(base, quote, fetch):
    if (base, quote) in _RATES:
        return _RATES[(base, quote)]
    value = fetch(base, quote)
    if value is None:
        raise LookupError(base)
    if len(_RATES) >= LIMIT:
        del _RATES[next(iter(_RATES))]
    return value
"""

LOCKED = """
import threading


class Tiles:
    def __init__(self, load, size=8):
        self.load = load
        self.size = size
        self._tiles = {}
        self._lock = threading.Lock()

    def tile(self, x, y):
        key = (x, y)
        with self._lock:
            if key in self._tiles:
                return self._tiles[key]
        data = self.load(x, y)
        with self._lock:
            if len(self._tiles) > self.size:
                self._tiles.pop(next(iter(self._tiles)))
        return data
"""


def test_cache_store_goes_before_the_size_check_a_module_dict_and_a_locked_field():
    fixed = src_of(MEMO).replace(
        "    if len(_RATES) >= LIMIT:",
        "    _RATES[(base, quote)] = value\n    if len(_RATES) >= LIMIT:",
    )
    assert "insert-cache-store" in fixing(MEMO, fixed, ["if len(_RATES)", "del _RATES"])
    fixed = src_of(LOCKED).replace(
        "            if len(self._tiles)",
        "            self._tiles[key] = data\n            if len(self._tiles)",
    )
    assert "insert-cache-store" in fixing(LOCKED, fixed, ["if len(self._tiles)"])
    # the store there already: no second one
    stored = fixed
    assert "insert-cache-store" not in templates_of(stored, ["if len(self._tiles)"])


# ------------------------------------------------------------------ optional fields

ORDERS = """
from dataclasses import dataclass


@dataclass
class Coupon:
    rate: float


@dataclass
class Order:
    total: float
    coupon: Coupon | None = None


def discounts(orders: list[Order]) -> float:
    return sum(o.total * o.coupon.rate for o in orders)


def best(order: Order) -> float:
    saving = order.total * order.coupon.rate
    return saving


class Till:
    def __init__(self, orders: list[Order]):
        self.orders = orders

    def net(self) -> float:
        out = 0.0
        for o in self.orders:
            if o.coupon.rate > 0.5:
                out += o.total
        return out
"""


def test_optional_field_guarded_in_a_comprehension_a_function_and_a_method_loop():
    fixed = src_of(ORDERS).replace("for o in orders)", "for o in orders if o.coupon is not None)")
    assert "insert-optional-guard" in fixing(ORDERS, fixed, ["return sum("])
    fixed = src_of(ORDERS).replace(
        "    saving = order.total",
        "    if order.coupon is None:\n        return 0.0\n    saving = order.total",
    )
    assert "insert-optional-guard" in fixing(ORDERS, fixed, ["saving = order"])
    fixed = src_of(ORDERS).replace(
        "            if o.coupon.rate",
        "            if o.coupon is None:\n                continue\n            if o.coupon.rate",
    )
    assert "insert-optional-guard" in fixing(ORDERS, fixed, ["if o.coupon.rate"])


def test_no_optional_guard_for_a_field_never_declared_optional():
    plain = src_of(ORDERS).replace("coupon: Coupon | None = None", "coupon: Coupon")
    assert "insert-optional-guard" not in templates_of(plain, ["saving = order", "return sum("])


# ------------------------------------------------------------------ branch returns

LABELS = """
class Shelf:
    def __init__(self):
        self.items = {}

    def label(self, code: str, kind: str) -> str:
        name = self.items.get(code, "?")
        if kind == "hidden":
            self.items.pop(code, None)
        elif kind == "short":
            name = name[:3]
        return f"{code}: {name}"
"""

POINTS = """
def points(level: int, bonus: bool) -> int:
    score = level * 10
    if level < 0:
        print("no level")
    if bonus:
        score += 5
    return score


def tax(amount: float, exempt: bool) -> float | None:
    with open("/dev/null") as log:
        if exempt:
            log.write("exempt")
        return amount * 0.2
"""


def test_branch_return_in_an_elif_chain_a_function_and_a_with_body():
    fixed = with_line(LABELS, "self.items.pop(code, None)", 'return ""')
    assert "insert-branch-return" in fixing(LABELS, fixed, ["self.items.pop"])
    fixed = with_line(POINTS, 'print("no level")', "return 0")
    assert "insert-branch-return" in fixing(POINTS, fixed, ['print("no level")'])
    fixed = with_line(POINTS, 'log.write("exempt")', "return None")
    assert "insert-branch-return" in fixing(POINTS, fixed, ['log.write("exempt")'])


def test_no_branch_return_where_the_branch_leaves_already():
    left = with_line(POINTS, 'print("no level")', "return 0")
    got = [
        c.description
        for c in generate_candidates(src_of(left), "mod.py", _lines(src_of(left), ["no level"]))
        if c.template == "insert-branch-return"
    ]
    assert not any("after line 4" in d or "after line 5" in d for d in got)


# ------------------------------------------------------------------ guards raising an unraised error

BANK = """
class Overdrawn(ValueError):
    \"\"\"More taken than there is.\"\"\"


def withdraw(balance: float, amount: float) -> float:
    \"\"\"What is left; raises Overdrawn when `amount` is more than the balance.\"\"\"
    left = balance - amount
    return left


class Hall:
    def __init__(self, seats: int):
        self.seats = seats

    def book(self, wanted: int) -> int:
        \"\"\"Book `wanted` seats; raises Overdrawn when fewer than that are free.\"\"\"
        self.seats -= wanted
        return self.seats

    @classmethod
    def split(cls, total: int, parts: int) -> list[int]:
        \"\"\"`parts` halls of equal size; raises Overdrawn when `parts` exceeds the seats.\"\"\"
        size = total // parts
        return [size] * parts
"""


def test_unraised_guard_in_a_function_a_method_and_a_classmethod():
    fixed = src_of(BANK).replace(
        "    left = balance - amount",
        '    if amount > balance:\n        raise Overdrawn(f"{amount} > {balance}")\n'
        "    left = balance - amount",
    )
    assert "insert-unraised-guard" in fixing(BANK, fixed, ["left = balance"])
    fixed = src_of(BANK).replace(
        "        self.seats -= wanted",
        '        if wanted > self.seats:\n            raise Overdrawn(f"{wanted} > {self.seats}")\n'
        "        self.seats -= wanted",
    )
    assert "insert-unraised-guard" in fixing(BANK, fixed, ["self.seats -= wanted"])
    fixed = src_of(BANK).replace(
        "        return [size] * parts",
        '        if parts > total:\n            raise Overdrawn(f"{parts} > {total}")\n'
        "        return [size] * parts",
    )
    assert "insert-unraised-guard" in fixing(BANK, fixed, ["return [size]"])


def test_no_unraised_guard_once_the_error_is_raised_or_after_the_state_changed():
    raised = src_of(BANK).replace(
        "    left = balance - amount",
        "    if amount > balance:\n        raise Overdrawn()\n    left = balance - amount",
    )
    assert "insert-unraised-guard" not in templates_of(raised, ["self.seats -= wanted"])
    got = [
        c.description
        for c in generate_candidates(
            src_of(BANK), "mod.py", _lines(src_of(BANK), ["return self.seats"])
        )
        if c.template == "insert-unraised-guard"
    ]
    assert got == []  # after ``self.seats -= wanted``: too late for a precondition


# ------------------------------------------------------------------ undo records

ROOMS = """
class Booking:
    def __init__(self, guest, room, nights):
        self.guest = guest
        self.room = room
        self.nights = nights
        self.journal = []

    def rename(self, guest):
        self.journal.append(("guest", self.guest))
        self.guest = guest

    def move(self, room):
        self.room = room

    def undo(self):
        field, old = self.journal.pop()
        setattr(self, field, old)
"""

TOTALS = """
def apply(values, changes, undo):
    for key, kind, amount in changes:
        if kind == "set":
            undo.append((key, values[key]))
            values[key] = amount
        elif kind == "reset":
            values[key.upper()] = 0
    return values
"""


def test_undo_record_retargeted_in_a_sibling_method_and_a_subscript_in_an_elif():
    fixed = src_of(ROOMS).replace(
        "        self.room = room\n\n",
        '        self.journal.append(("room", self.room))\n        self.room = room\n\n',
    )
    assert "insert-undo-record" in fixing(ROOMS, fixed, ["def move", "self.room = room"])
    fixed = src_of(TOTALS).replace(
        "            values[key.upper()] = 0",
        "            undo.append((key, values[key.upper()]))\n            values[key.upper()] = 0",
    )
    assert "insert-undo-record" in fixing(TOTALS, fixed, ["values[key.upper()] = 0"])


def test_no_undo_record_where_the_old_value_is_saved_already():
    saved = src_of(ROOMS).replace(
        "        self.room = room\n\n",
        '        self.journal.append(("room", self.room))\n        self.room = room\n\n',
    )
    assert "insert-undo-record" not in templates_of(saved, ["self.room = room"])


# ------------------------------------------------------------------ a set that is a dict's value

CLUBS = """
from collections import defaultdict


class Clubs:
    def __init__(self):
        self.members: dict[str, set[str]] = defaultdict(set)

    def join(self, club, name):
        if name in self.members[club]:
            raise ValueError(name)
        return len(self.members[club])


def first_visits(visits):
    seen = defaultdict(set)
    out = []
    for day, (who, room) in visits:
        if (who, room) not in seen[day]:
            out.append(who)
    return out


_LOG = defaultdict(list)


def record(user, page):
    return page if page in _LOG[user] else None
"""


def test_set_add_into_a_dict_of_sets_in_a_method_a_loop_and_a_module_dict():
    fixed = src_of(CLUBS).replace(
        "        return len(self.members[club])",
        "        self.members[club].add(name)\n        return len(self.members[club])",
    )
    assert "insert-set-add" in fixing(CLUBS, fixed, ["return len(self.members"])
    fixed = src_of(CLUBS).replace(
        "            out.append(who)",
        "            out.append(who)\n            seen[day].add((who, room))",
    )
    assert "insert-set-add" in fixing(CLUBS, fixed, ["out.append(who)"])
    fixed = src_of(CLUBS).replace(
        "    return page if", "    _LOG[user].append(page)\n    return page if"
    )
    assert "insert-set-add" in fixing(CLUBS, fixed, ["return page if"])


def test_no_grouped_add_for_a_plain_dict_of_counts():
    plain = (
        src_of(CLUBS)
        .replace("defaultdict(set)", "defaultdict(int)")
        .replace("defaultdict(list)", "{}")
    )
    got = [
        c.description
        for c in generate_candidates(plain, "mod.py", _lines(plain, ["return page if"]))
        if c.template == "insert-set-add"
    ]
    assert got == []


TREE = """
from typing import Optional


class Node:
    def __init__(self, name: str, parent: Optional["Node"] = None):
        self.name = name
        self.parent: Optional[Node] = parent

    @property
    def path(self) -> str:
        return self.parent.path + "/" + self.name

    def is_leaf_of(self, other: "Node", strict: bool) -> bool:
        if strict:
            self.name = self.name.strip()
        return self.parent is other
"""


def test_optional_self_field_in_a_property_and_a_bool_branch_return_in_a_method():
    fixed = src_of(TREE).replace(
        '        return self.parent.path + "/"',
        '        if self.parent is None:\n            return ""\n        return self.parent.path + "/"',
    )
    assert "insert-optional-guard" in fixing(TREE, fixed, ["return self.parent.path"])
    fixed = with_line(TREE, "self.name = self.name.strip()", "return False")
    assert "insert-branch-return" in fixing(TREE, fixed, ["self.name.strip()"])


SESSIONS = """
class Sessions:
    def __init__(self, open_session, keep=3):
        self.open_session = open_session
        self.keep = keep
        self.live = {}

    def get(self, user):
        if user in self.live:
            return self.live[user]
        session = self.open_session(user)
        while len(self.live) > self.keep:
            del self.live[min(self.live)]
        return session
"""


def test_cache_store_before_a_while_loop_that_evicts():
    fixed = src_of(SESSIONS).replace(
        "        while len(self.live)",
        "        self.live[user] = session\n        while len(self.live)",
    )
    assert "insert-cache-store" in fixing(SESSIONS, fixed, ["while len(self.live)"])
