# babel 2.16.0's root conftest.py: every module of the package is collected as doctests
from pathlib import Path

from _pytest.doctest import DoctestModule

calc_path = Path(__file__).parent / "calc"


def pytest_collect_file(file_path, parent):
    if calc_path in file_path.parents and file_path.suffix == ".py":
        return DoctestModule.from_parent(parent, path=file_path)
