import pytest

from envfile import parse


def test_plain_values_comments_and_blank_lines():
    assert parse("A=1\n# a comment\n\nB = two\n") == {"A": "1", "B": "two"}


def test_a_simple_reference():
    assert parse("HOST=db\nURL=pg://${HOST}/app") == {"HOST": "db", "URL": "pg://db/app"}


def test_a_line_without_equals_is_refused():
    with pytest.raises(ValueError):
        parse("JUSTAWORD")


def test_a_reference_with_an_underscore():
    assert parse("DB_HOST=db\nDB_URL=pg://${DB_HOST}")["DB_URL"] == "pg://db"


def test_a_reference_to_the_environment():
    assert parse("LOG=${APP_HOME}/log", environ={"APP_HOME": "/srv"}) == {"LOG": "/srv/log"}
