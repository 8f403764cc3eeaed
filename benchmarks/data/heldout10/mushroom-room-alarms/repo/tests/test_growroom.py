from growroom import CO2_HIGH, FAN_FAULT, TEMP_LOW, GrowRoom, farm_summary


def test_active_alarms():
    room = GrowRoom("room 3")
    room.raise_alarm(CO2_HIGH)
    assert room.active() == ["CO2 high"]


def test_urgent_and_clear():
    room = GrowRoom("room 1", alarms=TEMP_LOW)
    assert not room.urgent()
    room.raise_alarm(FAN_FAULT)
    assert room.urgent()
    room.clear(FAN_FAULT)
    assert room.alarms == TEMP_LOW and not room.urgent()


def test_log():
    room = GrowRoom("room 2")
    room.raise_alarm(TEMP_LOW)
    assert room.log == ["room 2: temperature low"]


def test_summary_of_a_quiet_farm():
    assert farm_summary([GrowRoom("a"), GrowRoom("b")]) == {}
