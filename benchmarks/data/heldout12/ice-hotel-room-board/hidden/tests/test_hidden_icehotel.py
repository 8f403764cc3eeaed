from icehotel import RoomBoard, SensorError

TEMPS = {"Aurora": -5.0, "Polar": -1.5, "Frost": None, "Glacier": None}


def read(room):
    temp = TEMPS[room]
    if temp is None:
        raise SensorError(room)
    return temp


def test_offline_rooms_and_summary():
    board = RoomBoard(read, ["Frost", "Aurora", "Glacier", "Polar"])
    assert board.offline() == ["Frost", "Glacier"]
    assert board.summary() == {"offline": 2, "ok": 1, "melting": 1}
