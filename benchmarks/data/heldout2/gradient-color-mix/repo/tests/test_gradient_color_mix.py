import pytest

from colors import gradient, mix, parse_hex, to_hex


def test_parse_and_format():
    assert parse_hex("#0af") == (0, 170, 255)
    assert to_hex((255, 16, 0)) == "#ff1000"
    with pytest.raises(ValueError):
        parse_hex("#12345")


def test_midpoint():
    assert mix("#000000", "#ffffff", 0.5) == "#808080"


def test_bad_t():
    with pytest.raises(ValueError):
        mix("#000", "#fff", 1.5)


def test_ends():
    assert mix("#ff0000", "#0000ff", 0) == "#ff0000"
    assert mix("#ff0000", "#0000ff", 1) == "#0000ff"
