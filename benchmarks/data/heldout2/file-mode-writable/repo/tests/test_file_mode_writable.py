from modes import owner_can_write, problems, symbolic, world_writable


def test_symbolic():
    assert symbolic(0o755) == "rwxr-xr-x"
    assert symbolic(0o640) == "rw-r-----"


def test_world_writable():
    assert world_writable(0o666) and not world_writable(0o664)


def test_owner_write():
    assert owner_can_write(0o644)
    assert not owner_can_write(0o444)
