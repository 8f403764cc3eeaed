import pytest

from mediatype import charset, decode_body, is_text, parse_content_type


def test_parameters_are_parsed():
    assert parse_content_type('text/html; Charset="ISO-8859-1"') == (
        "text/html",
        {"charset": "ISO-8859-1"},
    )


def test_a_header_without_a_slash_is_refused():
    with pytest.raises(ValueError):
        parse_content_type("html")


def test_an_explicit_charset_is_used():
    assert decode_body("text/plain; charset=latin-1", b"caf\xe9") == "caf\xe9"


def test_is_text():
    assert is_text("Application/JSON")
    assert not is_text("image/png")


def test_the_default_charset():
    assert charset("application/json") == "utf-8"


def test_a_body_without_a_charset_is_utf8():
    assert decode_body("text/plain", "\u00fcber".encode()) == "\u00fcber"
