from choir import Singer, programme_lines


def test_empty_stage_name_falls_back_to_name():
    assert Singer("ola nordmann", "bass", "").label() == "Ola Nordmann"


def test_programme_lines():
    s = [
        Singer("ben", "bass"),
        Singer("cleo", "soprano", ""),
        Singer("ann", "soprano", "Annie"),
        Singer("tim", "tenor", None),
    ]
    assert programme_lines(s) == ["Soprano: Annie, Cleo", "Tenor: Tim", "Bass: Ben"]
