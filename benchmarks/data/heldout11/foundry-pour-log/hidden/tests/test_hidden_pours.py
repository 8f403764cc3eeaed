from pours import Melt, heaviest


def test_log_lines_round_to_one_decimal():
    assert Melt.line("Owl", 3.96) == "Owl: 4.0 kg"
    assert Melt.line("Bust", 27.349) == "Bust: 27.3 kg"
    melt = Melt("C", 5.0)
    melt.pour("Bee", 0.25)
    assert melt.log() == ["Bee: 0.2 kg", "left in C: 4.8 kg"]
    assert heaviest([melt]) == ("Bee", 0.25)
