import pytest

from library import Library, LoanError


def make(limit):
    lib = Library(limit=limit)
    for isbn in ("a", "b", "c", "d", "e"):
        lib.add_title(isbn)
    return lib


def test_count_goes_down_by_one_per_return():
    lib = make(4)
    for isbn in ("a", "b", "c"):
        lib.borrow("dee", isbn)
    lib.give_back("b")
    assert lib.on_loan("dee") == 2


def test_limit_still_holds_after_a_return():
    lib = make(2)
    lib.borrow("eli", "a")
    lib.borrow("eli", "b")
    lib.give_back("a")
    lib.borrow("eli", "c")
    with pytest.raises(LoanError):
        lib.borrow("eli", "d")


def test_other_members_are_not_touched():
    lib = make(3)
    lib.borrow("fay", "a")
    lib.borrow("gus", "b")
    lib.borrow("gus", "c")
    lib.give_back("a")
    assert (lib.on_loan("fay"), lib.on_loan("gus")) == (0, 2)
