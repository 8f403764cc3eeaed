"""What a project says about itself: its own import names and the dependencies it declares.

The baseline doctor (:mod:`fixloop.doctor`) blames ``No module named 'X'`` on the environment only
when X is the project's own package (:func:`own_packages`) or a dependency it declares
(:func:`declared_dependencies`; with the ``pip install`` arguments that install it), read from
``pyproject.toml``, ``setup.cfg`` and ``requirements*.txt``. Moved out of :mod:`fixloop.doctor`
(at the 600-line cap) unchanged: these read files, the doctor reads logs.
"""

from __future__ import annotations

import configparser
import re
import tomllib
from pathlib import Path

__all__ = ["declarations", "declared_dependencies", "own_packages"]

#: Distribution names whose import name differs from the normalized name.
_IMPORT_NAMES = {
    "pyyaml": "yaml",
    "pillow": "PIL",
    "beautifulsoup4": "bs4",
    "scikit_learn": "sklearn",
    "python_dateutil": "dateutil",
    "attrs": "attr",
    "pyjwt": "jwt",
    "opencv_python": "cv2",
    "protobuf": "google",
    "msgpack_python": "msgpack",
    "typing_extensions": "typing_extensions",
    "python_multipart": "multipart",
    "pymysql": "pymysql",
    "pytest_asyncio": "pytest_asyncio",
}


def own_packages(root: Path) -> set[str]:
    """Top-level import names the project provides.

    Returns:
        packages and modules at the root or under ``src/`` (test and set-up modules left out),
        and the normalized ``[project].name`` of ``pyproject.toml``.
    """
    out: set[str] = set()
    for base in (root, root / "src"):
        try:
            entries = list(base.iterdir())
        except OSError:
            continue
        for p in entries:
            if p.name.startswith((".", "_")) and p.name != "__init__.py":
                continue
            if p.is_dir() and (p / "__init__.py").is_file():
                out.add(p.name)
            elif base != root and p.is_dir() and p.name.isidentifier():
                out.add(p.name)  # a namespace package under src/
            elif p.suffix == ".py" and p.stem.isidentifier() and not p.stem.startswith("test"):
                if p.stem not in ("setup", "conftest", "noxfile", "fabfile"):
                    out.add(p.stem)
    name = _project_meta(root).get("name")
    if isinstance(name, str) and name:
        out.add(re.sub(r"[-.]+", "_", name).lower())
    return out


def _project_meta(root: Path) -> dict:
    try:
        with open(root / "pyproject.toml", "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    project = data.get("project")
    return project if isinstance(project, dict) else {}


def _req_name(req: str) -> str | None:
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", req)
    if not m or req.lstrip().startswith(("-", "#")):
        return None
    norm = re.sub(r"[-.]+", "_", m.group(1)).lower()
    return _IMPORT_NAMES.get(norm, norm)


def declared_dependencies(root: Path) -> dict[str, str]:
    """Import names of the dependencies the project declares, each with the file that says so.

    Read: ``pyproject.toml`` (``[project]`` dependencies and optional-dependencies, ``[dependency-
    groups]``), ``setup.cfg`` (install_requires, tests_require, extras_require) and
    ``requirements*.txt`` at the root. A distribution's import name is its normalized name (PEP
    503 separators as ``_``), except the known differences in ``_IMPORT_NAMES`` (PyYAML -> yaml).
    The file is named with the extra or group when there is one (``pyproject.toml (extra
    'tests')``).
    """
    return {name: where for name, (where, _) in declarations(root).items()}


def declarations(root: Path) -> dict[str, tuple[str, str]]:
    """Import name -> (where it is declared, the ``pip install`` arguments that install it)."""
    out: dict[str, tuple[str, str]] = {}

    def add(reqs: object, where: str, install: str) -> None:
        for r in reqs if isinstance(reqs, list) else []:
            name = _req_name(r) if isinstance(r, str) else None
            if name:
                out.setdefault(name, (where, install))

    meta = _project_meta(root)
    add(meta.get("dependencies"), "pyproject.toml", "-e .")
    for extra, reqs in (meta.get("optional-dependencies") or {}).items():
        add(reqs, f"pyproject.toml (extra {extra!r})", f"-e '.[{extra}]'")
    try:
        with open(root / "pyproject.toml", "rb") as fh:
            groups = tomllib.load(fh).get("dependency-groups") or {}
        for group, reqs in groups.items():  # pip 25.1+ reads dependency groups
            add(reqs, f"pyproject.toml (group {group!r})", f"-e . --group {group}")
    except (OSError, tomllib.TOMLDecodeError, AttributeError):
        pass
    cfg = configparser.ConfigParser(interpolation=None)
    try:
        cfg.read(root / "setup.cfg", encoding="utf-8")
    except (configparser.Error, UnicodeDecodeError):
        cfg = configparser.ConfigParser()
    for key in ("install_requires", "tests_require"):
        if cfg.has_option("options", key):
            for line in cfg.get("options", key).splitlines():
                add([line], "setup.cfg", "-e ." if key == "install_requires" else line.strip())
    if cfg.has_section("options.extras_require"):
        for extra, value in cfg.items("options.extras_require"):
            add(value.splitlines(), f"setup.cfg (extra {extra!r})", f"-e '.[{extra}]'")
    for req in sorted(root.glob("requirements*.txt")):
        try:
            lines = req.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        add(lines, req.name, f"-r {req.name}")
    return out
