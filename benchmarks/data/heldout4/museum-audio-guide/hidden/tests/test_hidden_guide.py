from guide import Guide


def test_jumps_only():
    guide = Guide("entrance")
    for b in ["jump:7", "jump:9", "back", "back"]:
        guide.press(b)
    assert guide.current == "entrance"
    assert guide.played == ["entrance", "7", "9", "7", "entrance"]
