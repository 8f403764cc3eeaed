import os
from pathlib import Path

from words import config_path, shout


def test_config_in_home():
    assert config_path() == Path(os.path.expanduser("~")) / ".wordsrc"


def test_shout():
    assert shout("hi") == "HI!"
