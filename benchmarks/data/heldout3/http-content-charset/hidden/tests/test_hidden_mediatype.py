from mediatype import charset, decode_body


def test_an_empty_charset_falls_back_to_the_default():
    assert charset("text/plain; charset=") == "utf-8"
    assert decode_body('text/csv; charset=""', "n\u00e4me".encode()) == "n\u00e4me"


def test_other_parameters_do_not_matter():
    assert charset("multipart/form-data; boundary=xyz") == "utf-8"
