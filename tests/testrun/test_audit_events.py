"""The audit hook's event names by Python version, and its own writes of the result files.

The names come from CPython's audit events table (fixloop.testrun.inside.auditevents keeps the
table and its source); here each name the running interpreter should have is raised for real
and must reach a hook, and the hook must listen to exactly the running version's set. Then the
false alarm of the plain runner: its JUnit file is written by ``xml.etree`` on fixloop's behalf,
which is not the code under test writing the result file.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fixloop import sandbox as sb
from fixloop.testrun import TestRunner
from fixloop.testrun.inside import auditevents, audithook
from fixloop.types import Limits

# each event, with code that raises it (run in a fresh interpreter with a recording hook)
_RAISE = {
    "sys._getframe": "sys._getframe()",
    "sys._getframemodulename": "sys._getframemodulename()",
    "sys._current_frames": "sys._current_frames()",
    "sys._current_exceptions": "sys._current_exceptions()",
    "object.__getattr__": "def g():\n    yield 1\ng().gi_frame",
    "object.__setattr__": "def f(): pass\ndef h(): pass\nf.__code__ = h.__code__",
    "object.__delattr__": "def f(a=1): pass\ndel f.__defaults__",
    "gc.get_objects": "import gc; gc.get_objects()",
    "gc.get_referrers": "import gc; gc.get_referrers(object)",
    "gc.get_referents": "import gc; gc.get_referents(object)",
    "sys.settrace": "sys.settrace(None)",
    "sys.setprofile": "sys.setprofile(None)",
    "sys.addaudithook": "sys.addaudithook(lambda *a: None)",
    "sys.monitoring.register_callback": (
        "sys.monitoring.use_tool_id(4, 't')\n"
        "sys.monitoring.register_callback(4, sys.monitoring.events.PY_START, None)"
    ),
    "import": "import json",
    "os.kill": "import os; os.kill(os.getpid(), 0)",
    "os.killpg": "import os; os.killpg(os.getpgrp(), 0)",
    "signal.pthread_kill": "import signal, threading; signal.pthread_kill(threading.get_ident(), 0)",
    "open": "open(D + '/f', 'w').close()",
    "os.rename": "import os; open(D + '/a', 'w').close(); os.rename(D + '/a', D + '/b')",
    "os.remove": "import os; open(D + '/c', 'w').close(); os.remove(D + '/c')",
    "os.rmdir": "import os; os.mkdir(D + '/d'); os.rmdir(D + '/d')",
    "os.truncate": "import os; open(D + '/e', 'w').close(); os.truncate(D + '/e', 0)",
    "os.link": "import os; open(D + '/g', 'w').close(); os.link(D + '/g', D + '/h')",
    "os.symlink": "import os; os.symlink(D + '/x', D + '/i')",
    "os.chmod": "import os; open(D + '/j', 'w').close(); os.chmod(D + '/j', 0o600)",
    "shutil.rmtree": "import os, shutil; os.mkdir(D + '/k'); shutil.rmtree(D + '/k')",
    "shutil.move": "import shutil; open(D + '/l', 'w').close(); shutil.move(D + '/l', D + '/m')",
    "subprocess.Popen": "import subprocess; subprocess.run(['true'])",
    "os.system": "import os; os.system('true')",
    "os.exec": "import os\ntry:\n    os.execv(D + '/none', ['none'])\nexcept OSError:\n    pass",
    "os.posix_spawn": "import os; os.waitpid(os.posix_spawn('/bin/true', ['true'], {}), 0)",
    "ctypes.cdata": "import ctypes; ctypes.c_int.from_address(ctypes.addressof(ctypes.c_int(1)))",
    "ctypes.cdata/buffer": "import ctypes; ctypes.c_char.from_buffer(bytearray(b'a'))",
    "ctypes.string_at": "import ctypes; b = ctypes.create_string_buffer(b'a')\nctypes.string_at(ctypes.addressof(b), 1)",
    "ctypes.wstring_at": "import ctypes; b = ctypes.create_unicode_buffer('a')\nctypes.wstring_at(ctypes.addressof(b), 1)",
    "ctypes.addressof": "import ctypes; ctypes.addressof(ctypes.c_int(1))",
    "exec": "exec('1')",
    "compile": "compile('1', '<x>', 'exec')",
    "code.__new__": "def f(): pass\nf.__code__.replace(co_name='g')",
    "marshal.loads": "import marshal; marshal.loads(marshal.dumps(1))",
}

_RECORDER = """\
import sys, json
seen = set()
sys.addaudithook(lambda ev, args: seen.add(ev))
D = sys.argv[1]
for code in json.loads(sys.argv[2]):
    exec(code)
print(json.dumps(sorted(seen)))
"""


def _names_for_running_version() -> set[str]:
    return set().union(*auditevents.events_for(sys.version_info[:2]).values())


def test_every_event_the_hook_listens_for_exists_in_the_running_version(tmp_path: Path) -> None:
    names = _names_for_running_version()
    assert names <= set(_RAISE), sorted(names - set(_RAISE))  # each one has a way to raise it
    codes = [_RAISE[n] for n in sorted(names)]
    out = subprocess.run(
        [sys.executable, "-c", _RECORDER, str(tmp_path), json.dumps(codes)],
        capture_output=True,
        text=True,
        check=True,
    )
    fired = set(json.loads(out.stdout))
    assert names <= fired, f"not raised on {sys.version}: {sorted(names - fired)}"


def test_the_hook_listens_to_the_table_of_the_running_version() -> None:
    table = auditevents.events_for(sys.version_info[:2])
    assert audithook._STACK_EVENTS == table["stack"]
    assert audithook._FILE_EVENTS == table["file"]
    assert audithook._CTYPES_MEMORY == table["ctypes_memory"]
    assert audithook._CONTROL == table["control"]


def test_the_table_differs_where_the_versions_do() -> None:
    new_in_312 = {"sys._getframemodulename", "sys.monitoring.register_callback"}
    assert not new_in_312 & auditevents.events_for((3, 11))["stack"]
    for version in ((3, 12), (3, 13)):
        assert new_in_312 <= auditevents.events_for(version)["stack"]
    assert "sys._current_exceptions" not in auditevents.events_for((3, 9))["stack"]
    assert auditevents.events_for((3, 11))["file"] == auditevents.events_for((3, 13))["file"]
    assert auditevents.SOURCE.format(version="3.12").startswith("https://docs.python.org/3.12/")


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory) -> str:
    """An interpreter without pytest (fixloop's plain runner runs there)."""
    venv = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    return str(venv / "bin" / "python")


def _box() -> sb.Sandbox:
    if shutil.which("bwrap") is None:
        return sb.make_sandbox("none", allow_unsandboxed=True)
    return sb.BwrapSandbox()


CALC = "def add(a, b):\n    return a - b\n"
TESTS = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"


def test_the_plain_runners_own_junit_write_is_not_tampering(make_repo, bare_python, tmp_path):
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TESTS})
    (repo / "calc.py").write_text(CALC.replace("a - b", "a + b"))
    runner = TestRunner(
        repo, _box(), python=bare_python, log_dir=tmp_path / "logs", limits=Limits(wall_s=60)
    )
    rep = runner.run("", pristine=True, audit={"calc.py": [2]})
    assert "pytest not found" in rep.notice
    assert rep.ok, rep.output[-2000:]
    assert rep.audit == [], rep.audit


def test_code_compiled_under_fixloops_own_name_is_seen(make_repo, tmp_path) -> None:
    # the hook trusts frames of "<fixloop ...>" files as fixloop's own (the result writers)
    fake = (
        "def add(a, b):\n    return a + b\n\n\n"
        "exec(compile('X = 1', '<fixloop _fixloop_plain>', 'exec'))\n"
    )
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TESTS})
    (repo / "calc.py").write_text(fake)
    runner = TestRunner(
        repo, _box(), python=sys.executable, log_dir=tmp_path / "logs", limits=Limits(wall_s=60)
    )
    rep = runner.run("", pristine=True, audit={"calc.py": [2, 5]})
    assert any("under the name of fixloop's own" in str(e) for e in rep.audit), rep.audit
