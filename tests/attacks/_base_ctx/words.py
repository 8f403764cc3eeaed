"""A tiny word helper that speaks the language of the current request (plural has a bug)."""
import contextvars

#: The language of the current request, set by the caller (a web request, the command line).
LANG = contextvars.ContextVar("words_lang")


def plural(word):
    if LANG.get() != "en":
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ys"
    return word + "s"
