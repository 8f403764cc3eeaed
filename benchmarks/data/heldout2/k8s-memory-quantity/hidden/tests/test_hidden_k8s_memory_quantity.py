from quantity import as_mebibytes, fits, parse_bytes


def test_larger_binary_units():
    assert parse_bytes("2Mi") == 2097152
    assert parse_bytes("1Gi") == 1073741824


def test_fits_and_formatting():
    assert fits(["256Mi", "256Mi"], "512Mi")
    assert not fits(["500M", "37Mi"], "512Mi")
    assert as_mebibytes(3 * 1048576) == "3.0Mi"
