import pytest

from grades import letter


@pytest.mark.parametrize(
    "score, expected",
    [(100, "A"), (90.0, "A"), (89.9, "B"), (80, "B"), (70, "C"), (60, "D"), (59, "F"), (0, "F")],
)
def test_boundaries(score, expected):
    assert letter(score) == expected


def test_out_of_range():
    with pytest.raises(ValueError):
        letter(101)
