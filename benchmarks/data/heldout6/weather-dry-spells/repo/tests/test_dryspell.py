import pytest

from dryspell import BadLine, dry_spells, parse


def _log(tmp_path, rows):
    p = tmp_path / "rain.csv"
    p.write_text("# date,mm\n" + "".join(f"{d},{mm}\n" for d, mm in rows), encoding="utf-8")
    return p


def test_parse():
    assert parse("2026-05-01,3.5\n") == ("2026-05-01", 3.5)
    with pytest.raises(BadLine):
        parse("2026-05-01;3.5")


def test_all_dry(tmp_path):
    s = dry_spells(_log(tmp_path, [("d1", 0), ("d2", 0.1), ("d3", 0)]))
    assert (s.longest, s.ended_on, s.wet_days, s.days) == (3, "d3", 0, 3)


def test_rain_breaks_a_spell(tmp_path):
    rows = [("d1", 0), ("d2", 0), ("d3", 5.0), ("d4", 0), ("d5", 0.2), ("d6", 0)]
    s = dry_spells(_log(tmp_path, rows))
    assert (s.longest, s.ended_on, s.wet_days) == (2, "d2", 2)
