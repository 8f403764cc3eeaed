import os
import pathlib

import reach


def test_offline():
    assert not reach.can_connect("8.8.8.8", 53)
    assert not reach.can_connect("example.com", 80)


def test_no_credentials_in_env():
    print(reach.environment_lines())
    names = [k for k in os.environ if any(w in k for w in ("KEY", "TOKEN", "SECRET", "PASSWORD"))]
    assert names == []


def test_no_ssh_folder():
    assert not (pathlib.Path.home() / ".ssh").exists()
    assert not (pathlib.Path(os.path.expanduser("~")) / ".ssh" / "id_ed25519").exists()


def test_deliberately_failing():
    assert reach.can_connect("127.0.0.1", 9) is True
