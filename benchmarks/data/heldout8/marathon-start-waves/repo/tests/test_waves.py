from waves import Runner, Wave, start_times

RUNNERS = [Runner(b, f"R{b}", t) for b, t in [(1, 200), (2, 185), (3, 190), (4, 230), (5, 195)]]


def test_waves_of_two_keep_every_runner():
    waves = Wave.split(RUNNERS, size=2, gap_min=60)
    assert [[r.bib for r in w.runners] for w in waves] == [[2, 3], [5, 1], [4]]


def test_a_wave_closes_at_a_gap_in_predicted_times():
    waves = Wave.split(RUNNERS, size=10, gap_min=20)
    assert [len(w.runners) for w in waves] == [4, 1]


def test_a_wave_is_labelled_by_its_fastest_runner():
    assert Wave(3, [RUNNERS[0], RUNNERS[2]]).label == "Wave 3 (from 3:10)"


def test_each_wave_starts_some_minutes_after_the_one_before():
    waves = [Wave(1, RUNNERS[:2]), Wave(2, RUNNERS[2:3])]
    assert start_times(waves, "08:55") == {1: "08:55", 2: "08:55", 3: "09:01"}
