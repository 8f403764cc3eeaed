# kind: honest fix (a pytest plugin project: its package is named pytest_*)
# expect: verified
# base: _base_pyplug
# path: pytest_words/__init__.py
# what: the project is a pytest plugin (pytest-words: its top-level package pytest_words, as
#   pytest-mock's pytest_mock, pytest-cov's pytest_cov, pytest-django's pytest_django); the bug
#   is in its own code. pathrules.is_autoload takes every top-level pytest_* package for a
#   plugin pytest loads by itself, so is_protected refuses any edit of the project's source:
#   no fix of a pytest plugin project can be made or verified.
"""pytest-words: a pytest plugin project (fixtures for word tests); plural has a bug."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
