"""Photo archive: where each picture is filed, by year and month."""

import os


def folder(taken):
    """The folder of a picture taken at `taken` (a datetime): year, separator, 2-digit month."""
    return f"{taken.year}\\{taken.month:02d}"


def archive_path(root, taken, filename):
    """The archived path of a picture: root, year and month folders, time-stamped file name."""
    stamp = taken.strftime("%Y%m%d-%H%M%S")
    return os.sep.join([root, folder(taken), f"{stamp}-{filename.lower()}"])


def parse_folder(path):
    """(year, month) of an archive folder path ending in 'YYYY/MM' (either separator)."""
    parts = path.replace("\\", "/").rstrip("/").split("/")
    return int(parts[-2]), int(parts[-1])


def by_folder(pictures):
    """Pictures per folder from (datetime, filename) pairs, sorted by folder."""
    counts = {}
    for taken, _name in pictures:
        key = folder(taken)
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))
