"""Find a tool on a search path string (like PATH), the way a shell does."""

import os


def split_search_path(value):
    """The folders of a search path string, empty entries dropped."""
    return [p for p in value.split(";") if p]


def join_search_path(folders):
    """The search path string of a list of folders."""
    return os.pathsep.join(folders)


def which(name, search_path):
    """The first ``folder/name`` that is an executable file, or None."""
    for folder in split_search_path(search_path):
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def prepend(search_path, folder):
    """``search_path`` with ``folder`` first and no other copy of it."""
    rest = [p for p in split_search_path(search_path) if p != folder]
    return join_search_path([folder, *rest])
