from growroom import HUMIDITY_HIGH, TEMP_HIGH, GrowRoom, farm_summary


def test_two_alarms_then_one_cleared():
    room = GrowRoom("room 5", alarms=HUMIDITY_HIGH | TEMP_HIGH)
    assert room.flags()["humidity high"] and room.flags()["temperature high"]
    room.clear(TEMP_HIGH)
    assert room.active() == ["humidity high"]
    assert not room.flags()["humidity low"]


def test_farm_summary():
    rooms = [GrowRoom("a", alarms=TEMP_HIGH), GrowRoom("b"), GrowRoom("c", alarms=1 | 32)]
    assert farm_summary(rooms) == {"a": ["temperature high"], "c": ["humidity low", "fan fault"]}
