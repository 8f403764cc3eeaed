from tuning import TuningCheck


def test_a_flat_string_in_the_report():
    check = TuningCheck("guitar")
    check.add("E2", 82.41, 80.0)
    assert check.report() == [
        {"string": "E2", "offset": -51.4, "off_by": 51.4, "direction": "flat"}
    ]


def test_a_sharp_string_in_the_report():
    check = TuningCheck("guitar")
    check.add("A2", 110.0, 111.0)
    assert check.report()[0]["off_by"] == 15.7
    assert check.report()[0]["direction"] == "sharp"


def test_strings_in_tune_are_not_listed():
    check = TuningCheck("guitar")
    check.add("G3", 196.0, 196.5)
    check.add("E4", 329.63, 330.0)
    assert check.out_of_tune() == []
