from regatta import FinishSheet, elapsed


def test_notes_on_the_sheet_are_skipped():
    sheet = FinishSheet(start_seconds=3600)
    sheet.read("GBR12 1:45:10\nK7 1:44:58\nprotest flag on K7\n")
    assert sheet.order() == ["K7", "GBR12"]


def test_points():
    sheet = FinishSheet()
    sheet.read("A1 0:30:00\nB2 0:29:00")
    assert sheet.points() == {"B2": 1, "A1": 2}


def test_elapsed():
    sheet = FinishSheet(start_seconds=60)
    sheet.read("IRL4 0:11:05")
    assert elapsed(sheet.finishes[0]) == "10m05s"
