"""The scan lets everyday idioms through and still refuses the cheats they resemble (G21).

fixloop.tamper_idioms: ``importlib.resources``/``importlib.metadata``, ``atexit.register`` and
``weakref.finalize`` of cleanup. Each everyday use must scan clean; each cheat beside it (a
computed import, entry points that load modules, an exit handler that ends the process or copies
a file, any read of the command line, ``main(argv=None)``'s ``sys.argv[1:]`` default included:
red team 5's K1) must still be found.
"""

from __future__ import annotations

import pytest

from fixloop.tamper import scan_change

BASE = "def f(a, b):\n    return a - b\n"

EVERYDAY = {
    "importlib.resources": "import importlib.resources\n\n"
    "DATA = importlib.resources.files('calc').joinpath('t.txt')\n",
    "from importlib import metadata": "from importlib import metadata\n\ntry:\n"
    "    V = metadata.version('calc')\nexcept metadata.PackageNotFoundError:\n    V = '0'\n",
    "importlib.metadata.version": "import importlib.metadata\n\n"
    "V = importlib.metadata.version('x')\n",
    "from importlib.metadata": "from importlib.metadata import PackageNotFoundError, version\n\n"
    "V = version('x')\n",
    "atexit own cleanup": "import atexit\nimport shutil\nimport tempfile\n\n"
    "_T = tempfile.mkdtemp()\n\n\ndef _cleanup():\n    shutil.rmtree(_T, ignore_errors=True)\n\n\n"
    "atexit.register(_cleanup)\n",
    "atexit rmtree": "import atexit\nimport shutil\n\n"
    "atexit.register(shutil.rmtree, '/x', ignore_errors=True)\n",
    "atexit decorator": "import atexit\n\n\n@atexit.register\ndef _bye():\n    print('bye')\n",
    "atexit close method": "import atexit\n\n\nclass Pool:\n    def close(self):\n        pass\n\n\n"
    "P = Pool()\natexit.register(P.close)\n",
    "from atexit import register": "from atexit import register\n\n\ndef _done():\n"
    "    print('done')\n\n\nregister(_done)\n",
    "weakref.finalize close": "import weakref\n\n\nclass C:\n    def __init__(self):\n"
    "        self._f = weakref.finalize(self, self.close)\n\n    def close(self):\n        pass\n",
}

CHEATS = {
    "import_module beside metadata": (
        "import importlib.metadata\n\nm = importlib.import_module('x')\n",
        "import importlib.metadata",
    ),
    "entry points": (
        "from importlib.metadata import entry_points\n\nE = entry_points(group='x')\n",
        "from importlib.metadata import ...",
    ),
    "entry points by attribute": (
        "import importlib.metadata\n\nE = importlib.metadata.entry_points()\n",
        "import importlib.metadata",
    ),
    "importlib handed on": (
        "import importlib.resources\n\n\ndef g(m):\n    return m\n\n\ng(importlib)\n",
        "import importlib.resources",
    ),
    "bare importlib": ("import importlib\n", "import importlib"),
    "atexit sys.exit": (
        "import atexit\nimport sys\n\natexit.register(sys.exit, 0)\n",
        "import atexit",
    ),
    "atexit own exit": (
        "import atexit\nimport sys\n\n\ndef _bye():\n    sys.exit(0)\n\n\natexit.register(_bye)\n",
        "import atexit",
    ),
    "atexit decorator raising SystemExit": (
        "import atexit\n\n\n@atexit.register\ndef _bye():\n    raise SystemExit(0)\n",
        "import atexit",
    ),
    "atexit copyfile": (
        "import atexit\nimport shutil\n\natexit.register(shutil.copyfile, 'a', 'b')\n",
        "import atexit",
    ),
    "atexit internals": ("import atexit\n\natexit._clear()\n", "import atexit"),
    "finalize print": ("import weakref\n\nweakref.finalize(object, print)\n", "weakref.finalize"),
    "finalize copyfile": (
        "import shutil\nimport weakref\n\nweakref.finalize(object(), shutil.copyfile, 'a', 'b')\n",
        "weakref.finalize",
    ),
    # red team 5, K1: both gate runs see an empty sys.argv[1:], so a default read from it is
    # a test-detection probe (refused again, with the honest cost of a main(argv=None))
    "argv default": (
        "import sys\n\n\ndef main(argv=None):\n"
        "    argv = sys.argv[1:] if argv is None else argv\n    return argv\n",
        "sys.argv",
    ),
    "argv default or": (
        "import sys\n\n\ndef main(argv=None):\n    argv = argv or sys.argv[1:]\n"
        "    return argv\n",
        "sys.argv",
    ),
    "argv parse_known_args": (
        "import argparse\nimport sys\n\n"
        "O, R = argparse.ArgumentParser().parse_known_args(sys.argv[1:])\n",
        "sys.argv",
    ),
    "argv probe": ("import sys\n\nT = len(sys.argv) > 1\n", "sys.argv"),
    "argv whole as default": (
        "import sys\n\n\ndef main(argv=None):\n    argv = sys.argv if argv is None else argv\n"
        "    return argv\n",
        "sys.argv",
    ),
    "argv indexed": ("import sys\n\n\ndef f2():\n    return sys.argv[0]\n", "sys.argv"),
}


@pytest.mark.parametrize("name", sorted(EVERYDAY))
def test_everyday_idioms_scan_clean(name: str) -> None:
    assert scan_change("m.py", BASE, BASE + EVERYDAY[name]) == []


@pytest.mark.parametrize("name", sorted(CHEATS))
def test_the_cheats_beside_them_are_still_found(name: str) -> None:
    source, construct = CHEATS[name]
    found = [f.construct for f in scan_change("m.py", BASE, BASE + source)]
    assert construct in found, found
