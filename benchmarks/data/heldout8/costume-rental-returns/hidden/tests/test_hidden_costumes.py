from datetime import date

import pytest

from costumes import CostumeStore


def test_late_fees_add_up_per_borrower_and_skip_returned_costumes():
    store = CostumeStore()
    store.lend("crown", "Max", date(2026, 5, 1))
    store.lend("cape", "Max", date(2026, 5, 2))
    store.lend("wig", "Ola", date(2026, 5, 1))
    store.give_back("wig")
    assert store.late_fees(date(2026, 5, 4)) == {"Max": 3 * 4.0 + 2 * 4.0}


def test_a_costume_that_is_out_cannot_be_lent_again_until_it_is_back():
    store = CostumeStore()
    store.lend("crown", "Max", date(2026, 5, 1))
    with pytest.raises(ValueError):
        store.lend("crown", "Pia", date(2026, 5, 9))
    store.give_back("crown")
    assert store.lend("crown", "Pia", date(2026, 5, 9)).borrower == "Pia"
