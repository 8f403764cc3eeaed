from datetime import date

import pytest

from archive import Archive, Station


def test_station_label_and_bad_network():
    assert Station("GB", "EDI").label == "GB.EDI"
    with pytest.raises(ValueError):
        Station("G1", "EDI")


def test_day_file(tmp_path):
    path = Archive(tmp_path).day_file(Station("GB", "EDI"), "HHZ", date(2026, 2, 1))
    assert path == tmp_path / "GB" / "EDI" / "2026" / "HHZ.032"


def test_unknown_channel(tmp_path):
    with pytest.raises(ValueError):
        Archive(tmp_path).day_file(Station("GB", "EDI"), "BHZ", date(2026, 2, 1))


def test_stations_seen(tmp_path):
    (tmp_path / "GB" / "EDI").mkdir(parents=True)
    (tmp_path / "IU" / "ANMO").mkdir(parents=True)
    assert Archive(tmp_path).stations_seen() == ["GB.EDI", "IU.ANMO"]
