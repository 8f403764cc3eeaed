from rota import Rota, Street, gritting_order

STREETS = [
    Street("High St", 36, 1),
    Street("Mill Lane", 18, 2),
    Street("Church Hill", 27, 1),
    Street("Elm Close", 9, 3),
]


def test_shifts():
    assert Rota(4.0).shifts(STREETS) == [["High St", "Church Hill"], ["Mill Lane", "Elm Close"]]


def test_summary():
    assert Rota(2.5).summary(STREETS[:2]) == ["shift 1: High St", "shift 2: Mill Lane"]


def test_gritting_order():
    assert [s.name for s in gritting_order(STREETS)] == [
        "High St", "Church Hill", "Mill Lane", "Elm Close"
    ]


def test_hours():
    assert Street("Ring Road", 45, 1).hours == 2.5
