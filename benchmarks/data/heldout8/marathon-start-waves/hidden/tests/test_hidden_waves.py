from waves import Runner, Wave, start_times


def test_no_runners_no_waves():
    assert Wave.split([], size=5) == []


def test_the_slowest_runners_get_a_wave_and_a_start_time():
    runners = [Runner(b, f"R{b}", 180 + 5 * b) for b in range(1, 8)]
    waves = Wave.split(runners, size=3, gap_min=90)
    assert [w.number for w in waves] == [1, 2, 3] and waves[-1].runners == [runners[6]]
    assert start_times(waves)[7] == "09:12"
