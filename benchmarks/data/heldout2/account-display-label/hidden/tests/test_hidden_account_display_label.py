from accounts import Account, roster


def test_empty_nickname_shows_the_username():
    assert Account("nia", "n@x.test", nickname="").label() == "nia"


def test_roster_mixes_both():
    people = [Account("zed", "z@x.test", nickname="Z"), Account("Amy", "a@x.test", nickname="")]
    assert roster(people) == ["Amy", "Z"]
