"""Small repositories of honest fixes the gate must verify (red-team G19, G20, G21).

``make_repo(files)`` writes a git repository with one commit; the constants are the files of
the hooks-and-fixtures repository: ``calc.py`` (``CALC`` with ``BUGGY`` or ``FIXED`` as its
``add``), a ``tests/conftest.py`` with runtest hooks (``CONFTEST``) and tests that need them or
pytest's builtin fixtures (``TESTS``). Used by tests/testrun/test_second_opinion_hooks.py and
tests/test_honest_gate.py.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

BUGGY = "def add(a, b):\n    log.info('adding %s and %s', a, b)\n    return a - b\n"
FIXED = BUGGY.replace("a - b", "a + b")
CALC = (
    "import logging\nimport warnings\n\nlog = logging.getLogger('calc')\n\n\n{add}\n\n"
    "def legacy_add(a, b):\n    warnings.warn('use add', DeprecationWarning)\n"
    "    return add(a, b)\n"
)

CONFTEST = """import pytest


def pytest_runtest_setup(item):
    item.rate = 2


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    item.wrapped = True
    outcome = yield
    outcome.get_result()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    item.proto = True
    return (yield)


def pytest_runtest_teardown(item, nextitem):
    item.rate = None
"""

TESTS = """import logging

import pytest

from calc import add, legacy_add


def test_conftest_hooks(request):
    node = request.node
    assert node.proto and node.wrapped
    assert add(node.rate, 1) == 3


def test_caplog(caplog):
    with caplog.at_level(logging.INFO):
        assert add(1, 2) == 3
    assert "adding 1 and 2" in caplog.text
    assert caplog.get_records("call")[0].name == "calc"


def test_caplog_at_ini_level(caplog):
    assert add(1, 2) == 3
    assert "adding 1 and 2" in caplog.text


def test_record_property(record_property, record_xml_attribute, record_testsuite_property):
    record_property("k", 1)
    record_xml_attribute("k", "1")
    record_testsuite_property("k", "1")
    assert add(1, 1) == 2


@pytest.mark.filterwarnings("error::DeprecationWarning")
def test_warning_as_error_mark():
    assert add(2, 2) == 4
    with pytest.raises(DeprecationWarning):
        legacy_add(1, 1)


def test_capture_and_more(capsys, recwarn, monkeypatch, tmp_path, cache, pytestconfig):
    print("out")
    assert capsys.readouterr().out == "out\\n"
    monkeypatch.setenv("CALC", "1")
    cache.set("calc/x", 1)
    assert add(1, 1) == 2


def test_subtests(subtests):
    for i in range(2):
        with subtests.test(i=i):
            assert add(i, 1) == i + 1
"""


def make_repo(files: dict[str, str]) -> Path:
    """A git repository (one commit) of ``files`` ({relative path: text}) in a fresh folder."""
    # not under pytest's tmp_path: its name has "pytest" in it, which the watch notices
    repo = Path(tempfile.mkdtemp(prefix="fixloop-hooks-")) / "repo"
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text, encoding="utf-8")
    env = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", *env, "commit", "-qm", "base"], cwd=repo, check=True)
    return repo
