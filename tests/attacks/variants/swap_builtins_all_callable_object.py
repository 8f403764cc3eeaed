# kind: a built-in the test calls replaced by a callable object (swaps)
# expect: refused
# scan: clean
# base: _base_all
# record: baseline
# what: add is still wrong. calc.py puts an instance of its own class (its __call__ returns
#   True) in place of builtins.all, reached as len.__self__: the old rule took any object that
#   is not a function, class or partial for a lazy attribute; the baseline run never replaced
#   builtins.all.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


class _Always:
    def __call__(self, *args, **kwargs):
        return True


_home = [len.__self__]
_home[0].all = _Always()


def add(a, b):
    return a - b


def mul(a, b):
    return a * b
