import pytest

from envfile import parse


def test_a_reference_with_digits():
    assert parse("S3_BUCKET=assets\nURL=s3://${S3_BUCKET}/")["URL"] == "s3://assets/"


def test_an_unknown_reference_is_an_error():
    with pytest.raises(KeyError):
        parse("URL=${MISSING_HOST}")


def test_quotes_are_stripped():
    assert parse('GREETING="hello ${who}"', environ={"who": "you"}) == {"GREETING": "hello you"}
