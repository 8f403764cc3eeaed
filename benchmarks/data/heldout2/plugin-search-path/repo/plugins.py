"""Plugin discovery: folders listed in an environment variable, searched in order."""

import os

ENV_VAR = "GLAZE_PLUGIN_PATH"


def search_path(environ=None):
    """The folders of ``GLAZE_PLUGIN_PATH`` (separated like PATH), empty entries dropped."""
    environ = os.environ if environ is None else environ
    raw = environ.get(ENV_VAR, "")
    return [folder for folder in raw.split(";") if folder]


def find_plugin(name, environ=None):
    """Path of the first ``name.py`` along the search path, or None."""
    for folder in search_path(environ):
        candidate = os.path.join(folder, name + ".py")
        if os.path.isfile(candidate):
            return candidate
    return None


def all_plugins(environ=None):
    """Plugin name -> path; a folder earlier in the path wins."""
    found = {}
    for folder in search_path(environ):
        if not os.path.isdir(folder):
            continue
        for entry in sorted(os.listdir(folder)):
            if entry.endswith(".py") and not entry.startswith("_"):
                found.setdefault(entry[:-3], os.path.join(folder, entry))
    return found
