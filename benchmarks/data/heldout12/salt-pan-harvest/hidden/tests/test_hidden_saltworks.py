from saltworks import HarvestDay


def test_summary_rounds_up_and_down():
    day = HarvestDay()
    for pan, kg in (("P1", 13.0), ("P2", 12.0), ("P3", 13.0)):
        day.rake(pan, kg)
    assert day.summary() == {"pans": 3, "kg": 38.0, "kg_per_pan": 12.7}
    day.rake("P1", 0.8, grade="fleur")
    day.rake("P2", 0.5, grade="fleur")
    day.rake("P3", 0.6, grade="fleur")
    assert day.summary("fleur") == {"pans": 3, "kg": 1.9, "kg_per_pan": 0.6}
