from sizes import format_size, parse_size


def test_largest_byte_count():
    assert format_size(1023) == "1023 B"


def test_mebibytes():
    assert format_size(5_000_000) == "4.8 MiB"


def test_gibibytes_round_trip():
    assert format_size(parse_size("3G")) == "3.0 GiB"


def test_terabytes_stay_in_the_last_unit():
    assert format_size(2048 * 1024**4) == "2048.0 TiB"
