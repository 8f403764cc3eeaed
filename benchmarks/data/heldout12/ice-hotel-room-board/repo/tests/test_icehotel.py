from icehotel import RoomBoard, SensorError

TEMPS = {"Aurora": -5.0, "Polar": -1.5, "Igloo": -12.0, "Frost": None}


def read(room):
    temp = TEMPS[room]
    if temp is None:
        raise SensorError(room)
    return temp


def test_statuses():
    board = RoomBoard(read, ["Aurora", "Polar", "Igloo"])
    assert [board.status(r) for r in board.rooms] == ["ok", "melting", "too cold"]


def test_bookable():
    assert RoomBoard(read, ["Aurora", "Polar", "Frost"]).bookable() == ["Aurora"]


def test_a_silent_thermometer():
    assert RoomBoard(read, ["Frost"]).status("Frost") == "offline"
