"""The replace_symbol tool (tools/symbol.py): qualified names, byte-faithfulness, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from fixloop.tools import Tools
from fixloop.workspace import Workspace

SRC = (
    "\ufeff# shop\r\n"
    "import math\r\n"
    "\r\n"
    "\r\n"
    "class Cart:\r\n"
    "    def __init__(self):\r\n"
    "        self.items = []\r\n"
    "\r\n"
    "    @property\r\n"
    "    def total(self):\r\n"
    "        return sum(self.items)  # whole euros\r\n"
    "\r\n"
    "    def count(self):\r\n"
    "    \treturn len(self.items)\r\n"
    "\r\n"
    "\r\n"
    "def helper(x):\r\n"
    "    def inner():\r\n"
    "        return x\r\n"
    "    return inner()\r\n"
)

NEW_TOTAL = "@property\ndef total(self):\n    return round(sum(self.items), 2)\n"


@pytest.fixture
def repo(make_repo) -> Path:
    return make_repo(
        {"shop/cart.py": SRC.encode("utf-8"), "tests/test_cart.py": "def test_x():\n    pass\n"}
    )


def call(repo: Path, **args):
    t = Tools(Workspace(repo), None)
    return t, t.call("replace_symbol", {"path": "shop/cart.py", **args})


def test_replaces_a_method_keeping_every_other_byte(repo: Path) -> None:
    t, res = call(repo, symbol="Cart.total", new_source=NEW_TOTAL)
    assert not res.is_error, res.content
    assert res.content.startswith("Replaced Cart.total (lines 9-11) in shop/cart.py.")
    assert res.changed_path == "shop/cart.py" and t.changed == ["shop/cart.py"]
    after = (repo / "shop/cart.py").read_bytes()
    want = SRC.replace(
        "    @property\r\n    def total(self):\r\n        return sum(self.items)  # whole euros\r\n",
        "    @property\r\n    def total(self):\r\n        return round(sum(self.items), 2)\r\n",
    ).encode("utf-8")
    assert after == want  # BOM, CRLF, the tab-indented method: all kept


def test_nested_function_and_class_by_dotted_name(repo: Path) -> None:
    _t, res = call(repo, symbol="helper.inner", new_source="def inner():\n    return -x\n")
    assert not res.is_error, res.content
    assert (
        b"    def inner():\r\n        return -x\r\n    return inner()"
        in (repo / "shop/cart.py").read_bytes()
    )
    _t, res = call(repo, symbol="Cart", new_source="class Cart:\n    pass\n")
    assert not res.is_error
    assert (
        (repo / "shop/cart.py")
        .read_bytes()
        .endswith(
            b"class Cart:\r\n    pass\r\n\r\n\r\ndef helper(x):\r\n    def inner():\r\n        return -x\r\n    return inner()\r\n"
        )
    )


@pytest.mark.parametrize(
    ("args", "kind", "words"),
    [
        ({"symbol": "Cart.totl", "new_source": NEW_TOTAL}, "not_found", "Did you mean: Cart.total"),
        ({"symbol": "total", "new_source": NEW_TOTAL}, "not_found", "Cart.total"),
        (
            {"symbol": "Cart.total", "new_source": "def total(self:\n  pass\n"},
            "syntax_error",
            "does not parse",
        ),
        (
            {"symbol": "Cart.total", "new_source": "def sum_all(self):\n    pass\n"},
            "syntax_error",
            "keep the name",
        ),
        (
            {"symbol": "Cart.total", "new_source": "x = 1\ndef total(self): pass\n"},
            "syntax_error",
            "one function or class",
        ),
        (
            {
                "symbol": "Cart.total",
                "new_source": "    @property\n    def total(self):\n        return sum(self.items)  # whole euros\n",
            },
            "invalid_args",
            "nothing would change",
        ),
    ],
)
def test_bad_input_is_a_tool_error_and_the_file_is_untouched(repo: Path, args, kind, words) -> None:
    _t, res = call(repo, **args)
    assert res.is_error and res.kind == kind, res.content
    assert words in res.content
    assert (repo / "shop/cart.py").read_bytes() == SRC.encode("utf-8")


def test_several_matches_test_files_other_languages_and_unparsable_files(make_repo) -> None:
    repo = make_repo(
        {
            "compat.py": "try:\n    from fast import f\nexcept ImportError:\n    def f():\n        return 1\nelse:\n    def f():\n        return 2\n",
            "tests/test_a.py": "def test_a():\n    assert True\n",
            "web/app.js": "function f() {}\n",
            "broken.py": "def f(:\n    pass\n",
        }
    )
    t = Tools(Workspace(repo), None)
    two = t.call(
        "replace_symbol",
        {"path": "compat.py", "symbol": "f", "new_source": "def f():\n    return 3\n"},
    )
    assert two.kind == "multiple_matches" and "at lines 4, 7" in two.content
    test = t.call(
        "replace_symbol",
        {"path": "tests/test_a.py", "symbol": "test_a", "new_source": "def test_a():\n    pass\n"},
    )
    assert test.kind == "protected" and t.refused_test_edits == 1
    js = t.call(
        "replace_symbol", {"path": "web/app.js", "symbol": "f", "new_source": "def f(): pass\n"}
    )
    assert js.is_error and js.kind in ("not_python", "not_source")
    broken = t.call(
        "replace_symbol", {"path": "broken.py", "symbol": "f", "new_source": "def f(): pass\n"}
    )
    assert broken.kind == "syntax_error" and "use edit_file" in broken.content
    assert t.changed == []


def test_replace_symbol_is_edit_linted(make_repo) -> None:
    repo = make_repo({"m.py": "def f():\n    return 1\n"})
    t = Tools(Workspace(repo), None)
    res = t.call(
        "replace_symbol",
        {"path": "m.py", "symbol": "f", "new_source": "def f():\n    return g()\n"},
    )
    assert not res.is_error and "m.py:2:F821:Undefined name `g`" in res.content
