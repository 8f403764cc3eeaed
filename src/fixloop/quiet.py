"""One lock for fixloop's "no warnings here" blocks, so threads cannot corrupt the filters.

:class:`warnings.catch_warnings` saves the process-wide ``warnings.filters`` on entry and puts
the saved list back on exit (the Python docs: "not thread-safe"). Two threads that overlap
(``fixloop fix --attempts N`` runs attempts in a thread pool; each may search, edit and map the
repository at once) can restore each other's lists: thread A saves F, B saves A's
``ignore + F``, A restores F, B restores ``ignore + F``, and every warning of the process is
ignored from then on. :func:`no_warnings` serializes fixloop's own uses under one re-entrant
lock, so each save and restore nest. While a block runs (a parse of one pattern or module),
warnings raised by other threads are ignored too: a few milliseconds, and no filter is lost.
Stdlib only.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.RLock()


@contextmanager
def no_warnings() -> Iterator[None]:
    """Ignore every warning inside the block (``catch_warnings`` + ``simplefilter("ignore")``).

    Used where fixloop parses text that is not its own (``ast.parse`` of project files, the
    stdlib regex parser on a model's pattern) and the parser's warnings (``SyntaxWarning``,
    ``FutureWarning``) would only reach the user's terminal. Safe to call from several threads
    and re-entrant; see the module docstring for the one cost.
    """
    with _LOCK, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield
