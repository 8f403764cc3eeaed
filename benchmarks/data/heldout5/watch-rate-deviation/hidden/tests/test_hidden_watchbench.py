from watchbench import bench_report


def test_report_of_a_fast_and_a_slow_watch():
    watches = {"Omega": [(0, 0), (5, -12)], "Seiko": [(0, 0), (2, 9)]}
    assert bench_report(watches) == ["Omega: 2.4 s/day slow", "Seiko: 4.5 s/day fast"]
