"""A tiny word helper whose settings file lives in the user's home folder (the path is wrong)."""
from pathlib import Path


def config_path():
    """Where the user's settings are kept: ~/.wordsrc."""
    return Path(".wordsrc")


def shout(word):
    return word.upper() + "!"
