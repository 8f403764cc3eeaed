"""The scan's rules for changed code that mutates what the tests read (fixloop.tamper_mutation)."""

from __future__ import annotations

import pytest

from fixloop.tamper import scan_change
from fixloop.tamper_mutation import names_test_module

BASE = "def add(a, b):\n    return a - b\n"

TEST_MODULE_ROUTES = {
    "import": "import test_calc\n",
    "from import": "from test_calc import EXPECTED\n",
    "package": "from tests.helpers import CASES\n",
    "relative": "from . import conftest\n",
    "import_module": "import importlib as il\nm = il.import_module('te' + 'st_calc')\n",
    "resolve_name": "import pkgutil\nx = pkgutil.resolve_name('test_calc:EXPECTED')\n",
    "sys.modules": "import sys\nm = sys.modules['calc_test']\n",
    "run_path": "import runpy\nns = runpy.run_path('tests/test_calc.py')\n",
}

STDLIB_REPLACEMENTS = {
    "module attribute": ("import json\njson.load = lambda fh: {}\n", "json.load"),
    "aliased": ("import doctest as d\nd.DebugRunner = object\n", "doctest.DebugRunner"),
    "from-imported class": (
        "from doctest import OutputChecker\nOutputChecker.check_output = lambda *a: True\n",
        "doctest.OutputChecker.check_output",
    ),
    "setattr folded": ("import json\nsetattr(json, 'lo' + 'ad', len)\n", "json.load"),
    "__dict__": ("import json\njson.__dict__['loads'] = len\n", "json.loads"),
    "submodule": ("import os.path\nos.path.exists = lambda p: True\n", "os.path.exists"),
    "delete": ("import re\ndel re.compile\n", "re.compile"),
    # module aliases bound by assignment (went past the scan before; the watch saw them)
    "assigned alias": ("import json\n_j = json\n_j.load = len\n", "json.load"),
    "alias chain": ("import json as j\na = j\nb = a\nb.load = len\n", "json.load"),
    "tuple alias": ("import json, re\n_j, _r = json, re\n_r.compile = len\n", "re.compile"),
    "sys.modules alias": ("import sys\nm = sys.modules['json']\nm.load = len\n", "json.load"),
    "__import__ alias": ("m = __import__('json')\nsetattr(m, 'loads', len)\n", "json.loads"),
    "library alias": ("import yaml\n_y = yaml\n_y.safe_load = len\n", "yaml.safe_load"),
}


@pytest.mark.parametrize("name", sorted(TEST_MODULE_ROUTES))
def test_importing_a_test_module_is_found_by_every_route(name: str) -> None:
    found = [f.construct for f in scan_change("calc.py", BASE, BASE + TEST_MODULE_ROUTES[name])]
    assert any(c.startswith("imports test module") for c in found), found


@pytest.mark.parametrize("name", sorted(STDLIB_REPLACEMENTS))
def test_replacing_a_stdlib_attribute_is_found(name: str) -> None:
    code, target = STDLIB_REPLACEMENTS[name]
    findings = scan_change("calc.py", BASE, BASE + code)
    assert f"replaces {target}" in [f.construct for f in findings]
    assert all(f.why for f in findings)


def test_extending_the_stdlib_and_patching_own_objects_is_clean() -> None:
    honest = (
        "import json, logging, functools, sys\n"
        "logging.Logger.trace = lambda self, msg: None\n"  # an attribute Logger lacks
        "logging.getLogger(__name__).setLevel(logging.INFO)\n"
        "class Enc(json.JSONEncoder):\n    pass\n"
        "Enc.default = lambda self, o: str(o)\n"  # its own class
        "add.checked = True\n"
        "sys.stdout = sys.stderr\n"  # sys has its own rules
        "json = None\njson_load = 1\n"
        "class Box:\n    pass\nbox = Box()\nbox.load = 1\n"  # a local object, not a module
        "@functools.singledispatch\ndef f(x):\n    return x\n"
        "import importlib\nm = importlib.import_module('calc_helpers')\n"
    )
    found = [f.construct for f in scan_change("calc.py", BASE, BASE + honest)]
    assert not [c for c in found if c.startswith(("replaces", "imports test module"))], found


def test_a_module_alias_that_adds_an_attribute_is_clean() -> None:
    """An alias bound by assignment is followed like an import alias: additions stay clean."""
    honest = "import logging\n_log = logging\n_log.Logger.trace = lambda self, m: None\n"
    honest += "import json\nload = json.load\nload = 3\n"  # an attribute's value: not followed
    assert [f.construct for f in scan_change("calc.py", BASE, BASE + honest)] == []


def test_a_replacement_the_base_already_had_is_not_added() -> None:
    old = BASE + "import json\njson.load = len\n"
    assert scan_change("calc.py", old, old.replace("a - b", "a + b")) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("test_calc", True),
        ("tests.helpers", True),
        ("pkg.conftest", True),
        ("tests/test_calc.py", True),
        ("calc_test", True),
        ("testing", False),
        ("contest", False),
        ("pytest_cov", False),
        ("calc", False),
    ],
)
def test_names_test_module(text: str, expected: bool) -> None:
    assert names_test_module(text) is expected
