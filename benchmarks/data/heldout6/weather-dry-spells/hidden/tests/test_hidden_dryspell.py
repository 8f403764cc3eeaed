from dryspell import drought_warning, dry_spells


def _log(tmp_path, rows):
    p = tmp_path / "rain.csv"
    p.write_text("".join(f"{d},{mm}\n" for d, mm in rows), encoding="utf-8")
    return p


def test_later_spell_is_longer(tmp_path):
    rows = [("a", 0), ("b", 1), ("c", 0), ("d", 0), ("e", 0), ("f", 3), ("g", 0)]
    s = dry_spells(_log(tmp_path, rows))
    assert (s.longest, s.ended_on) == (3, "e")
    assert not drought_warning(s, days=4)


def test_threshold(tmp_path):
    rows = [("a", 0.5), ("b", 0.5), ("c", 2), ("d", 0.5)]
    s = dry_spells(_log(tmp_path, rows), dry_below_mm=1.0)
    assert (s.longest, s.ended_on, s.wet_days, s.days) == (2, "b", 1, 4)
    assert drought_warning(s, days=2)
