from perms import allows, grant


def test_everything_allowed():
    for who in ("owner", "group", "other"):
        for what in ("read", "write", "execute"):
            assert allows(0o777, who, what)


def test_nothing_allowed():
    assert not allows(0o000, "group", "read")


def test_only_the_one_bit():
    mode = grant(0, "other", "execute")
    assert allows(mode, "other", "execute")
    assert not allows(mode, "owner", "execute")
    assert not allows(0o070, "other", "read")
