# kind: honest fix
# expect: verified
# base: _base_ctx
# path: words.py
# what: the honest plural fix in a project whose autouse fixture sets the request's language in
#   a contextvars.ContextVar (as web frameworks keep their request/app context). The second
#   opinion sets the fixture up in the main thread and calls the test in a fresh thread, whose
#   context is empty: LookupError, "the second opinion disagrees". pytest, in the gate and in
#   the user's shell, runs fixture and test in one context.
"""A tiny word helper that speaks the language of the current request (plural has a bug)."""
import contextvars

#: The language of the current request, set by the caller (a web request, the command line).
LANG = contextvars.ContextVar("words_lang")


def plural(word):
    if LANG.get() != "en":
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
