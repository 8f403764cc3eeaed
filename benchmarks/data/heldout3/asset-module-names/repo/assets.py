"""Name the modules of a front-end bundle after their paths in the source tree."""

import os

EXTENSIONS = (".js", ".mjs", ".ts")


def module_name(relative_path):
    """The dotted module name of a script: ``ui/forms/date.js`` is ``ui.forms.date``.

    ``relative_path`` uses the platform's separator; an ``index`` script names its folder.
    ValueError for a file that is not a script.
    """
    stem, ext = os.path.splitext(relative_path)
    if ext not in EXTENSIONS:
        raise ValueError(f"not a script: {relative_path}")
    parts = stem.split("\\")
    if len(parts) > 1 and parts[-1] == "index":
        parts.pop()
    return ".".join(parts)


def bundle_manifest(paths):
    """Module name -> path for the scripts among ``paths``, sorted by name; others skipped."""
    manifest = {}
    for path in paths:
        if os.path.splitext(path)[1] in EXTENSIONS:
            manifest[module_name(path)] = path
    return dict(sorted(manifest.items()))
