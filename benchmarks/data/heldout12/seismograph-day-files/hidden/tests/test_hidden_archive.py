from datetime import date

from archive import Archive, Station


def test_missing_channels(tmp_path):
    archive = Archive(tmp_path)
    station = Station("IU", "ANMO", channels=("BHZ", "BH1"))
    day = date(2025, 12, 31)
    assert archive.day_files(station, day) == [
        tmp_path / "IU" / "ANMO" / "2025" / "BHZ.365",
        tmp_path / "IU" / "ANMO" / "2025" / "BH1.365",
    ]
    folder = tmp_path / "IU" / "ANMO" / "2025"
    folder.mkdir(parents=True)
    (folder / "BHZ.365").write_text("")
    assert archive.missing(station, day) == ["BH1"]
