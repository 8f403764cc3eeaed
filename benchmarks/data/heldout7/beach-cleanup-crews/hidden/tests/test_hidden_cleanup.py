from cleanup import CleanupDay


def test_ties_by_leader_then_size():
    day = CleanupDay(900)
    day.crew("Zed").join("Yan")
    day.crew("Abe").join("Zia")
    day.crew("Kim").join("Bo")
    day.crew("Kim").join("Cy")
    assert day.briefing_order() == ["Kim", "Abe", "Zed"]


def test_no_volunteers():
    assert CleanupDay(500).assign_stretches() == {}
