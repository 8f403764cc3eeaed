from clockshop import Clock, Workshop


def test_ticket_and_days_until_a_minute_out():
    clock = Clock("Dunn", "Longcase", -20)
    assert Workshop().ticket(clock) == "Dunn (Longcase): loses 1.7 s a day"
    assert clock.days_until_off_by(60) == 34.7
    assert Clock("Eve", "Quartz", 0).days_until_off_by(1) is None
    assert round(Clock("Eve", "Quartz", 500).drift_s("minute"), 3) == 0.03
