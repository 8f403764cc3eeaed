# kind: honest fix (a package that ships a pytest fixture plugin its own conftest loads)
# record: baseline
# expect: verified
# base: _base_plugfix
# path: words/__init__.py
# what: honest_package_with_fixture_plugin with the baseline recorded, as a session records it.
#   words ships fixtures for its users (words/fixtures.py) and its root conftest loads them
#   with pytest_plugins = ["words.fixtures"], which imports the words package itself before
#   pytest collects a test; the fix is plural's ending, in words/__init__.py.
"""A tiny word helper that ships pytest fixtures for its users (plural has a bug)."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
