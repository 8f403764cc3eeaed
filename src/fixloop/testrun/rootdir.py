"""Node ids of a project whose test command sets ``--rootdir`` to a folder below the run folder.

pytest names a test relative to its rootdir (``test_m.py::test_f`` under ``--rootdir=tests``)
but reads a node id given on its command line relative to the folder it runs in, so the gate's
repeats of the baseline's failing tests and its second opinion said "not found" and refused
honest fixes. :func:`in_run_folder` turns such an id back into one the run folder resolves
(``tests/test_m.py::test_f``); pytest still reports it under its rootdir-relative id.
Source: pytest's documentation, "Initialization: determining rootdir and configfile", and
``_pytest.main.resolve_collection_argument`` (arguments are relative to the invocation folder).
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Sequence
from pathlib import Path

__all__ = ["in_run_folder", "rootdir_arg", "rootdir_option", "shown_root"]


def rootdir_arg(args: Sequence[str]) -> str | None:
    """The value of the last ``--rootdir=X`` / ``--rootdir X`` in ``args``, or None."""
    found: str | None = None
    for i, a in enumerate(args):
        if a.startswith("--rootdir="):
            found = a.split("=", 1)[1]
        elif a == "--rootdir" and i + 1 < len(args):
            found = args[i + 1]
    return found


def rootdir_option(args: Sequence[str]) -> list[str]:
    """``["--rootdir=X"]`` when ``args`` set the rootdir, else ``[]``.

    The second opinion's collection needs it to name the tests as the full run does.
    """
    found = rootdir_arg(args)
    return [f"--rootdir={found}"] if found else []


def in_run_folder(node_id: str, root: Path, rootdir: str | None) -> str:
    """``node_id`` (relative to pytest's rootdir) as the run folder ``root`` resolves it.

    Args:
        node_id: a node id or path, as pytest reports it.
        root: the folder the tests run in (pytest's invocation folder).
        rootdir: the test command's ``--rootdir`` (:func:`rootdir_arg`); None, absolute, the
            run folder itself or a folder outside it: ``node_id`` unchanged.

    Returns:
        ``rootdir/<file>::<rest>`` when that file exists under ``root``; else ``node_id``.
    """
    if not rootdir or os.path.isabs(rootdir):
        return node_id
    rel = posixpath.normpath(rootdir.replace(os.sep, "/"))
    if rel in (".", "") or rel == ".." or rel.startswith("../"):
        return node_id
    file, sep, rest = node_id.partition("::")
    moved = posixpath.normpath(posixpath.join(rel, file))
    if not file or os.path.isabs(file) or not (Path(root) / moved).exists():
        return node_id
    return moved + sep + rest


def shown_root(root: Path, place: tuple[Path, Path] | None, sandbox: object) -> str:
    """The path at which the sandboxed run sees ``root``: where its node ids name it.

    ``place`` is ``(tree top, shown path)`` (:meth:`fixloop.sandbox.Sandbox.run`'s ``place``);
    only a sandbox that ``places`` shows the tree there, and only a ``root`` inside the tree
    moves. Returns ``root`` itself otherwise.
    """
    if place is None or not getattr(sandbox, "places", False):
        return str(root)
    tree = Path(os.path.realpath(place[0]))
    try:
        rel = Path(os.path.realpath(root)).relative_to(tree)
    except ValueError:
        return str(root)
    return str(Path(os.path.abspath(place[1])) / rel) if rel.parts else os.path.abspath(place[1])
