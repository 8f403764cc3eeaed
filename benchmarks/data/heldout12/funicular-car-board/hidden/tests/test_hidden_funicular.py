from funicular import Car, Line


def test_a_car_at_capacity_shows_full():
    car = Car("Blue", "bottom", capacity=2)
    car.board("T1")
    car.board("T2")
    assert car.status() == "full"


def test_boards_of_both_stations():
    bottom, top = Car("Blue", "bottom", capacity=1), Car("Red", "top", capacity=3)
    bottom.board("T1")
    top.board("T2")
    line = Line(bottom, top)
    assert line.board_text() == {"bottom": "full", "top": "boarding"}
    line.run()
    assert line.board_text() == {"top": "boarding", "bottom": "boarding"}
