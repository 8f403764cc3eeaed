from truffles import Note


def test_whole_grams():
    assert Note("Lia", "black", "two under the oak, 35g and 20 g, dog: Bella").grams() == 55.0


def test_dog():
    assert Note("Lia", "black", "dog: Bella found one").dog() == "Bella"
    assert Note("Lia", "black", "nothing today").dog() is None


def test_a_find_with_a_decimal_weight():
    note = Note("Gio", "white", "hazel copse: 12.5g and 8g")
    assert note.grams() == 20.5
