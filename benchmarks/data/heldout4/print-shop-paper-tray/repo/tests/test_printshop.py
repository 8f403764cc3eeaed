from printshop import refill, run, sheets_needed


def test_the_tray_runs_out():
    assert run([("flyer", 40), ("poster", 30), ("menu", 10)], 60) == (["flyer"], 20, ["poster", "menu"])


def test_every_job_prints():
    assert run([("flyer", 40), ("menu", 10)], 100) == (["flyer", "menu"], 50, [])


def test_sheets_and_reams():
    jobs = [("book", 301), ("card", 2)]
    assert sheets_needed(jobs) == 303
    assert sheets_needed(jobs, duplex=True) == 152
    assert refill(jobs, 100) == 1
