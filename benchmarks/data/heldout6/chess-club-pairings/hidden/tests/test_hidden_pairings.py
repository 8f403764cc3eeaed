from pairings import Evening, Player


def test_odd_number_gives_a_bye():
    ev = Evening([Player("Ana", 1500), Player("Bo", 1400), Player("Cy", 1800)])
    assert ev.bye() == "Bo"
    assert ev.pairings() == [("Cy", "Ana")]


def test_active_is_sorted_and_excludes_withdrawn():
    ev = Evening([Player("A", 1000), Player("B", 2000, True), Player("C", 1500)])
    assert [p.name for p in ev.active()] == ["C", "A"]


def test_withdraw_makes_the_count_even():
    ev = Evening([Player("A", 1000), Player("B", 2000), Player("C", 1500)])
    ev.withdraw("A")
    assert ev.bye() is None
    assert ev.pairings() == [("B", "C")]
