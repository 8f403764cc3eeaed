from perms import allows, bit, grant, symbolic


def test_bits():
    assert bit("owner", "read") == 0o400
    assert bit("other", "execute") == 0o001


def test_symbolic():
    assert symbolic(0o750) == "rwxr-x---"
    assert symbolic(0o644) == "rw-r--r--"


def test_grant():
    assert grant(0o600, "group", "read") == 0o640


def test_owner_may_write_when_the_bit_is_set():
    assert allows(0o644, "owner", "write")


def test_read_only_file_cannot_be_written():
    assert not allows(0o444, "owner", "write")
