"""Builds the class path of a small JVM build tool from a project's jar folders."""

import os


def jars(folder_listing):
    """The ``.jar`` files of {folder: [file names]}, as folder/name paths, sorted per folder."""
    out = []
    for folder, names in folder_listing.items():
        out.extend(f"{folder}/{name}" for name in sorted(names) if name.endswith(".jar"))
    return out


def classpath(folder_listing, classes_dir="build/classes", extra=()):
    """The ``-cp`` value: the compiled classes first, then the jars, then ``extra`` entries.

    Entries are joined with the platform's path list separator; duplicates are kept once.
    """
    entries = [classes_dir, *jars(folder_listing), *extra]
    unique = list(dict.fromkeys(entries))
    return ";".join(unique)


def command(main_class, folder_listing, heap_mb=512):
    """The java command line as a list of arguments."""
    return ["java", f"-Xmx{heap_mb}m", "-cp", classpath(folder_listing), main_class]
