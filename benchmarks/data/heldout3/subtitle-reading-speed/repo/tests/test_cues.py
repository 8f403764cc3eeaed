import pytest

from cues import Cue, chars_per_second, problems, shift


def test_duration():
    assert Cue(1.0, 3.5, "hi").duration == 2.5


def test_a_cue_must_end_after_it_starts():
    with pytest.raises(ValueError):
        chars_per_second(Cue(4.0, 4.0, "x"))


def test_shift():
    assert shift([Cue(1.0, 2.0, "a")], 0.5) == [Cue(1.5, 2.5, "a")]
    with pytest.raises(ValueError):
        shift([Cue(1.0, 2.0, "a")], -2)


def test_reading_speed():
    assert chars_per_second(Cue(0.0, 2.0, "Hello\nthere")) == 5.0


def test_a_fast_cue_is_reported():
    assert problems([Cue(0.0, 1.0, "short"), Cue(1.0, 2.0, "x" * 20)]) == ["cue 2: too fast"]
