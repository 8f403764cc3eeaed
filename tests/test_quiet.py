"""fixloop.quiet.no_warnings: warning-free blocks that threads cannot interleave."""

from __future__ import annotations

import threading
import warnings

from fixloop.quiet import no_warnings
from fixloop.tools.search import _nested_repeat


def test_blocks_of_two_threads_nest_and_every_filter_comes_back() -> None:
    """catch_warnings saves and restores the process's filter list; two threads that overlap
    restore each other's lists and can leave 'ignore' behind for good. Here the second thread
    waits until the first has left its block, and the filters end as they began."""
    before = list(warnings.filters)
    inside, release, second_in = threading.Event(), threading.Event(), threading.Event()

    def first() -> None:
        with no_warnings():
            inside.set()
            release.wait(10)

    def second() -> None:
        inside.wait(10)
        with no_warnings():
            second_in.set()

    a, b = threading.Thread(target=first), threading.Thread(target=second)
    a.start()
    b.start()
    inside.wait(10)
    assert not second_in.wait(0.3)  # serialized: the second block waits for the first
    release.set()
    a.join(10)
    b.join(10)
    assert second_in.is_set()
    assert warnings.filters == before


def test_warnings_inside_are_dropped_and_outside_kept() -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with no_warnings():
            warnings.warn("inside", UserWarning, stacklevel=1)
            assert _nested_repeat("[[:alpha:]]+(a+)+", 0)  # the parser's FutureWarning too
        warnings.warn("outside", UserWarning, stacklevel=1)
    assert [str(w.message) for w in seen] == ["outside"]


def test_nested_repeat_from_many_threads_leaves_the_filters_alone() -> None:
    before = list(warnings.filters)
    results: list[bool] = []
    threads = [
        threading.Thread(target=lambda: results.append(_nested_repeat("[[x]]*(b*)*", 0)))
        for _ in range(16)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert results == [True] * 16
    assert warnings.filters == before
