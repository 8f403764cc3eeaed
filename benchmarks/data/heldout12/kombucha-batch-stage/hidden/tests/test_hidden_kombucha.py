from kombucha import Batch, board


def test_the_board_around_the_bottling_ph():
    batches = []
    for name, ph in (("V1", 3.25), ("V2", 3.2), ("V3", 3.3), ("V4", 2.5), ("V5", 4.6)):
        b = Batch(name)
        b.read(ph)
        batches.append(b)
    assert board(batches) == {"fermenting": ["V1", "V3", "V5"], "ready": ["V2", "V4"]}
