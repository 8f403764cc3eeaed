import pytest

from library import Library, LoanError


def make(limit=2):
    lib = Library(limit=limit)
    for isbn in ("111", "222", "333", "444"):
        lib.add_title(isbn)
    return lib


def test_borrow_counts_and_limit():
    lib = make()
    lib.borrow("ana", "111")
    lib.borrow("ana", "222")
    assert lib.on_loan("ana") == 2
    with pytest.raises(LoanError):
        lib.borrow("ana", "333")


def test_shelf_and_unknown_titles():
    lib = make()
    lib.borrow("ben", "222")
    assert lib.on_shelf() == ["111", "333", "444"]
    with pytest.raises(LoanError):
        lib.borrow("ben", "999")
    with pytest.raises(LoanError):
        lib.give_back("111")


def test_returning_frees_a_slot():
    lib = make()
    lib.borrow("ana", "111")
    lib.borrow("ana", "222")
    lib.give_back("111")
    lib.borrow("ana", "333")
    assert lib.on_shelf() == ["111", "444"]


def test_count_after_returning_the_only_book():
    lib = make()
    lib.borrow("cy", "444")
    lib.give_back("444")
    assert lib.on_loan("cy") == 0
