# kind: honest fix (src layout, a PEP 420 namespace package: src/acme has no __init__.py)
# expect: verified
# base: _base_nspkg
# path: src/acme/words/__init__.py
# what: the project is a portion of a namespace package (acme.words, as the google.*, azure.*,
#   sphinxcontrib.*, jaraco.* distributions are), in a src layout found through pytest's
#   pythonpath setting; the fix is the plural's ending.
"""acme.words: a portion of the acme namespace package (PEP 420: src/acme has no __init__.py)."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
