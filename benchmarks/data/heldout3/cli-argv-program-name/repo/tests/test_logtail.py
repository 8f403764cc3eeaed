import pytest

from logtail import UsageError, main, parse_args, tail

FILES = {"app.log": "one\ntwo error\nthree\nfour error\n"}


def test_parse_args():
    assert parse_args(["--lines", "3", "app.log"]) == {"lines": 3, "grep": None, "file": "app.log"}
    with pytest.raises(UsageError):
        parse_args([])


def test_tail():
    assert tail(["a", "b", "c"], 2) == ["b", "c"]
    assert tail(["x1", "y", "x2"], 5, grep="x") == ["x1", "x2"]


def test_an_unknown_option_is_a_usage_error(capsys):
    assert main(["logtail", "--bogus"], FILES.get) == 2
    assert "unknown option --bogus" in capsys.readouterr().err


def test_main_prints_the_last_lines(capsys):
    assert main(["logtail", "--lines", "2", "app.log"], FILES.get) == 0
    assert capsys.readouterr().out == "three\nfour error\n"
