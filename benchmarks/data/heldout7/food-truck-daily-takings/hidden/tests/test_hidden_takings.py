from takings import Sale, Till


def test_best_pitch_over_several_days():
    till = Till()
    till.open_day("06-01", "park").sales.append(Sale("wrap", 6.0, 10))
    till.open_day("06-02", "quay").sales.append(Sale("wrap", 6.0, 3))
    till.open_day("06-03", "quay").sales.append(Sale("wrap", 6.0, 3))
    assert till.best_pitch() == "park"
