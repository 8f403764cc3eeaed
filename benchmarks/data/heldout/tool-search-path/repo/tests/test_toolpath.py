import os

from toolpath import join_search_path, split_search_path, which


def _tool(folder, name):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return str(path)


def test_join():
    assert join_search_path(["/a", "/b"]) == "/a" + os.pathsep + "/b"


def test_not_found(tmp_path):
    assert which("nothere", str(tmp_path)) is None


def test_single_folder(tmp_path):
    tool = _tool(tmp_path / "bin", "fmt")
    assert which("fmt", str(tmp_path / "bin")) == tool


def test_split_a_search_path():
    value = os.pathsep.join(["/usr/local/bin", "", "/usr/bin"])
    assert split_search_path(value) == ["/usr/local/bin", "/usr/bin"]


def test_second_folder_is_searched(tmp_path):
    tool = _tool(tmp_path / "two", "lint")
    value = join_search_path([str(tmp_path / "one"), str(tmp_path / "two")])
    assert which("lint", value) == tool
