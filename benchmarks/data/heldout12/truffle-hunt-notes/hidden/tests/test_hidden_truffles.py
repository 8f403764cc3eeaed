from truffles import Note, Season


def test_decimals_values_and_the_season():
    a = Note("Gio", "white", "dog: Rocco, 0.75 g crumb at 7.30 then 14.25g by the poplar")
    b = Note("Lia", "black", "dog: Bella 40g")
    assert a.grams() == 15.0
    assert a.value() == 67.5
    season = Season([a, b, Note("Gio", "black", "3.5g, 2g")])
    assert season.by_hunter() == {"Gio": 20.5, "Lia": 40.0}
    assert season.best_dog() == "Bella"
