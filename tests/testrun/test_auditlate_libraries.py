"""The end-of-run check of installed libraries (auditlate.library_patches) on real projects'
shapes: python-dateutil's suite (2 December 2026) made the gate refuse its correct fix twice.

- ``six.moves``' lazy objects import their module on any attribute read: the check's
  ``getattr(value, "__func__", None)`` imported ``dbm.gnu``, raised inside the hook's end of
  run, and the run was "tampered: did not reach the end of its normal exit".
- freezegun's own ``from dateutil.tz import tzlocal`` holds the project's function in a
  library: with the project's ``tzlocal`` changed, that was "replaced ... of an installed
  library", though no line of the change put it there.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

from fixloop.testrun.inside import auditlate


class _Lazy:
    """Like six.moves' MovedModule: any attribute it lacks imports something that is missing."""

    def __getattr__(self, name: str):
        raise ModuleNotFoundError(f"No module named 'dbm.gnu' (asked for {name})")


def test_reading_a_lazy_object_runs_none_of_its_code() -> None:
    lazy = _Lazy()
    assert auditlate._static_attr(lazy, "__func__") is None
    assert auditlate._static_attr(lazy, "__code__") is None
    assert auditlate.code_location(object(), lazy) is None  # no hook needed: nothing to place

    def f() -> None:
        pass

    assert auditlate._static_attr(f, "__code__") is f.__code__


def test_a_librarys_own_from_import_of_the_project_is_not_the_changes(tmp_path: Path) -> None:
    project = types.ModuleType("proj_tz")
    exec("def tzlocal():\n    return 'changed'\n", project.__dict__)
    lib_file = tmp_path / "fakelib_api.py"
    lib_file.write_text(
        "try:\n    from proj_tz import tzlocal\nexcept ImportError:\n    tzlocal = None\n"
    )
    lib = types.ModuleType("fakelib_api")
    lib.__file__ = str(lib_file)
    sys.modules["proj_tz"] = project
    try:
        lib.tzlocal = project.tzlocal  # what the library's import gave it
        assert auditlate._bound_by_import(lib, str(lib_file), "fakelib_api.tzlocal", lib.tzlocal)
        # the same name holding anything else was put there by someone else: still a finding
        other = types.FunctionType(project.tzlocal.__code__, {})
        assert not auditlate._bound_by_import(lib, str(lib_file), "fakelib_api.tzlocal", other)
        # a name the library's source does not import, or a member of one of its classes
        assert not auditlate._bound_by_import(lib, str(lib_file), "fakelib_api.load", other)
        assert not auditlate._bound_by_import(
            lib, str(lib_file), "fakelib_api.Api.tzlocal", project.tzlocal
        )
    finally:
        del sys.modules["proj_tz"]
