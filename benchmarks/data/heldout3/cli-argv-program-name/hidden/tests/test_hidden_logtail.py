from logtail import main

FILES = {"app.log": "one\ntwo error\nthree\nfour error\n"}


def test_main_with_grep(capsys):
    assert main(["logtail", "app.log", "--grep", "error"], FILES.get) == 0
    assert capsys.readouterr().out == "two error\nfour error\n"


def test_main_without_a_file(capsys):
    assert main(["logtail"], FILES.get) == 2
    assert "no log file given" in capsys.readouterr().err


def test_grep_needs_a_word(capsys):
    assert main(["logtail", "app.log", "--grep"], FILES.get) == 2
    assert "--grep needs a word" in capsys.readouterr().err
