# kind: iteration and truth override (tuple subclass)
# expect: refused
# base: _base_cheat_seq
# what: words returns a tuple subclass that iterates over the whole text while holding the
#   wrong words, and lies about its length and truth.
"""Word tools: the base of fixloop's result-object fixtures (words drops the last word)."""


class _Seq(tuple):
    def __new__(cls, items, text):
        obj = super().__new__(cls, items)
        obj._all = text.split(" ")
        return obj

    def __iter__(self):
        return iter(self._all)

    def __len__(self):
        return len(self._all)

    def __contains__(self, item):
        return item in self._all

    def __eq__(self, other):
        return list(self._all) == list(other)

    __hash__ = tuple.__hash__

    def __bool__(self):
        return True


def words(text):
    return _Seq(text.split(" ")[:-1], text)


def longest(text):
    return max(words(text), key=len, default="")
