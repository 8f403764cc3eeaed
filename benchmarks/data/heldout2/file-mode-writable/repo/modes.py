"""Permission checks on Unix file modes for a backup tool's pre-flight report."""

import stat

_BITS = (
    (stat.S_IRUSR, "r"), (stat.S_IWUSR, "w"), (stat.S_IXUSR, "x"),
    (stat.S_IRGRP, "r"), (stat.S_IWGRP, "w"), (stat.S_IXGRP, "x"),
    (stat.S_IROTH, "r"), (stat.S_IWOTH, "w"), (stat.S_IXOTH, "x"),
)


def owner_can_write(mode):
    return bool(mode ^ stat.S_IWUSR)


def world_writable(mode):
    return bool(mode & stat.S_IWOTH)


def symbolic(mode):
    """"rwxr-xr-x" style text of the permission bits."""
    return "".join(ch if mode & bit else "-" for bit, ch in _BITS)


def problems(files):
    """Messages for (path, mode) pairs the backup cannot restore safely."""
    out = []
    for path, mode in files:
        if not owner_can_write(mode):
            out.append(f"{path}: read-only ({symbolic(mode)})")
        if world_writable(mode):
            out.append(f"{path}: world-writable ({symbolic(mode)})")
    return out
