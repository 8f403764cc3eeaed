import os

from plugins import ENV_VAR, all_plugins, find_plugin, search_path


def make(tmp_path, folder, *names):
    d = tmp_path / folder
    d.mkdir()
    for n in names:
        (d / f"{n}.py").write_text("", encoding="utf-8")
    return str(d)


def test_unset():
    assert search_path({}) == []
    assert search_path({ENV_VAR: ""}) == []


def test_single_folder(tmp_path):
    one = make(tmp_path, "one", "csv_export")
    env = {ENV_VAR: one}
    assert search_path(env) == [one]
    assert find_plugin("csv_export", env) == os.path.join(one, "csv_export.py")
    assert find_plugin("nope", env) is None


def test_two_folders(tmp_path):
    a, b = make(tmp_path, "a", "x"), make(tmp_path, "b", "y")
    env = {ENV_VAR: os.pathsep.join([a, "", b])}
    assert search_path(env) == [a, b]
    assert find_plugin("y", env) == os.path.join(b, "y.py")
