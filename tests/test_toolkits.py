"""A testing toolkit a library ships is its code, not its tests (red team 3, F28).

``words/testing/`` (as ``numpy.testing``, ``sqlalchemy.testing``) was test code by the one rule
(every file under a ``testing/`` folder), so the tools refused its fix and the gate restored
it. Now a test-named package folder inside a shipped package, holding nothing pytest collects,
is source for the edit policy, the gate without a workspace and the watch alike.
"""

from __future__ import annotations

from pathlib import Path

from fixloop.pathrules import is_protected, is_test_file_in
from fixloop.testinfra import build_policy, shipped_toolkits
from fixloop.testrun.audit import project_tests


def _tree(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


LIBRARY = {
    "words/__init__.py": "",
    "words/testing/__init__.py": "def assert_plural(w, e): ...\n",
    "words/testing/_helpers.py": "",
    "words/testing/data/sample.txt": "x\n",
    "words/tests/__init__.py": "",
    "words/tests/test_words.py": "def test_a(): pass\n",  # collected: tests, not a toolkit
    "src/other/__init__.py": "",
    "src/other/testing/__init__.py": "",
    "src/other/testing/fixtures.py": "",
    "src/other/testing/conftest.py": "",  # pytest loads it: not a toolkit
    "words/test/__init__.py": "",  # a package's test/ and tests/ folders are its tests
    "words/test/helpers.py": "",
    "tests/__init__.py": "",  # a top-level tests package is never a toolkit
    "tests/helpers.py": "",
    "loose/testing/__init__.py": "",  # loose/ is no package
    "testing/__init__.py": "",  # nor is a top-level testing package
}


def test_shipped_toolkits_are_the_package_folders_pytest_collects_nothing_from(
    tmp_path: Path,
) -> None:
    root = _tree(tmp_path, LIBRARY)
    assert shipped_toolkits(root, ("test_*.py", "*_test.py")) == ["words/testing"]
    # a project whose python_files also match the helpers has no toolkit there
    assert shipped_toolkits(root, ("*.py",)) == []


def test_is_test_file_in_judges_a_toolkit_path_by_its_own_part() -> None:
    kits = ["words/testing"]
    assert not is_test_file_in("words/testing/__init__.py", kits)
    assert not is_test_file_in("Words/Testing/_helpers.py", kits)
    assert is_test_file_in("words/testing/test_x.py", kits)
    assert is_test_file_in("words/testing/conftest.py", kits)
    assert is_test_file_in("words/testing/tests/x.py", kits)
    assert is_test_file_in("words/testing/__init__.py")  # without toolkits: the old rule
    assert is_protected("words/testing/conftest.py", kits)
    assert not is_protected("words/testing/__init__.py", kits)


def test_the_edit_policy_and_the_watch_agree(tmp_path: Path) -> None:
    root = _tree(tmp_path, LIBRARY)
    policy = build_policy(root)
    assert policy.test_reason("words/testing/__init__.py") is None
    assert policy.refusal("words/testing/_helpers.py", root) is None
    assert policy.test_reason("words/testing/test_new.py") is not None
    assert policy.test_reason("words/tests/test_words.py") is not None
    assert policy.test_reason("tests/helpers.py") is not None
    assert policy.test_reason("words/test/helpers.py") is not None
    assert policy.test_reason("src/other/testing/fixtures.py") is not None
    assert project_tests(root)["toolkits"] == ["words/testing"]


def test_the_watch_takes_toolkit_code_for_code_and_its_tests_for_tests() -> None:
    from types import SimpleNamespace

    from fixloop import pathrules
    from fixloop.testrun.inside import auditfresh

    hook = SimpleNamespace(_paths=pathrules, _state={})
    hook._state.update(test_globs=("test_*.py",), test_dirs=(), test_scope=("",))
    hook._state["toolkits"] = ("words/testing",)  # as auditfresh.configure sets it
    assert not auditfresh.test_rule(hook, "words/testing/__init__.py")
    assert auditfresh.test_rule(hook, "words/testing/test_x.py")
    assert auditfresh.test_rule(hook, "tests/test_words.py")
    hook._state["toolkits"] = ()
    assert auditfresh.test_rule(hook, "words/testing/__init__.py")  # without: the old rule
