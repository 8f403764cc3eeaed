"""Parse HTTP Content-Type headers and decode bodies in the right charset."""

DEFAULT_CHARSET = "utf-8"


def parse_content_type(header):
    """Split a Content-Type header into (media type, parameters); names are lower-cased.

    ``'text/html; Charset="ISO-8859-1"'`` gives ``("text/html", {"charset": "ISO-8859-1"})``.
    Raises ValueError when the media type has no ``/``.
    """
    media, *params = header.split(";")
    media = media.strip().lower()
    if "/" not in media:
        raise ValueError(f"not a media type: {media!r}")
    values = {}
    for param in params:
        name, _, value = param.partition("=")
        values[name.strip().lower()] = value.strip().strip('"')
    return media, values


def charset(header):
    """The charset of a body with this Content-Type; DEFAULT_CHARSET when absent or empty."""
    _, params = parse_content_type(header)
    return params.get("charset")


def decode_body(header, body):
    """``body`` (bytes) decoded in the header's charset; LookupError for an unknown charset."""
    return body.decode(charset(header))


def is_text(header):
    """True for text/* media types and JSON."""
    media, _ = parse_content_type(header)
    return media.startswith("text/") or media == "application/json"
