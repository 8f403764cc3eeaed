from accounts import Account, roster


def test_nickname_is_the_label():
    assert Account("jdoe", "j@x.test", nickname="Jay").label() == "Jay"


def test_mention_and_roles():
    a = Account("kim", "k@x.test", roles=["admin"])
    assert a.mention() == "@kim" and a.is_admin()


def test_no_nickname_shows_the_username():
    assert Account("lee", "l@x.test").label() == "lee"


def test_mail_from():
    assert Account("mo", "mo@x.test").mail_from() == '"mo" <mo@x.test>'
