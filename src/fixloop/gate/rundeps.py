"""The test runner's own dependencies, used by a project that declares them (red team 5 K2).

Code keyed on whether a package only pytest brings is installed (``try: import iniconfig``,
``importlib.metadata.version("iniconfig")``) answers one way wherever the tests run and another
in the user's program: both the full run and the second opinion run in the project's test
environment, so such a change passed both layers. The scan (:mod:`fixloop.tamper`) now flags
the imports and the names of :data:`fixloop.tamper_rules.RUNNER_DEPENDENCIES` (pytest's
``pluggy`` and ``iniconfig``). A project that uses one of them itself declares it as a
dependency of its own (a pluggy-based plugin system): then the user's environment has it too,
the answer is the same there, and :func:`excused` drops those findings.

"Declared" means a runtime dependency **at the base commit** (the change cannot declare one to
excuse itself): ``pyproject.toml``'s ``[project] dependencies``, ``setup.cfg``'s
``[options] install_requires`` or a ``requirements.txt`` at the top. Extras, dependency groups
and ``tests_require`` do not count: a test extra is the test environment again. Left open:
packages pytest brings that honest code imports everywhere (``packaging``, ``pygments``, the
``tomli``/``exceptiongroup`` backports) are not flagged; code keyed on them still passes.
"""

from __future__ import annotations

import configparser
import re
import tomllib
from collections.abc import Callable, Sequence

from fixloop.tamper import Finding
from fixloop.tamper_rules import RUNNER_DEPENDENCIES

_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _names(reqs: object) -> set[str]:
    """Normalized distribution names of requirement strings (``Pluggy>=1`` -> ``pluggy``)."""
    out: set[str] = set()
    for r in reqs if isinstance(reqs, list) else []:
        if isinstance(r, str) and (m := _NAME.match(r)) and not r.lstrip().startswith("-"):
            out.add(re.sub(r"[-_.]+", "_", m.group(1)).lower())
    return out


def declared_runtime(base_text: Callable[[str], str | None]) -> set[str]:
    """Normalized names of the runtime dependencies the base commit declares.

    Args:
        base_text: a top-level file's text at the base commit, or None when absent.

    Returns:
        names from ``pyproject.toml`` ``[project] dependencies``, ``setup.cfg``
        ``[options] install_requires`` and ``requirements.txt`` (unreadable files add none).
    """
    out: set[str] = set()
    if (text := base_text("pyproject.toml")) is not None:
        try:
            out |= _names((tomllib.loads(text).get("project") or {}).get("dependencies"))
        except (tomllib.TOMLDecodeError, AttributeError):
            pass
    if (text := base_text("setup.cfg")) is not None:
        cfg = configparser.ConfigParser(interpolation=None)
        try:
            cfg.read_string(text)
            if cfg.has_option("options", "install_requires"):
                out |= _names(cfg.get("options", "install_requires").splitlines())
        except configparser.Error:
            pass
    if (text := base_text("requirements.txt")) is not None:
        out |= _names([ln.split("#", 1)[0] for ln in text.splitlines()])
    return out


def _runner_dependency(construct: str) -> str | None:
    """The runner dependency a scan construct names, or None.

    ``import pluggy``, ``import pluggy.hooks``, ``from pluggy import ...``, ``string 'pluggy'``
    (any case) -> ``pluggy``.
    """
    kind, _, rest = construct.partition(" ")
    if kind in ("import", "from"):
        name = rest.split(" ", 1)[0].split(".", 1)[0]
    elif kind == "string":
        name = rest.strip("'\"").lower()
    else:
        return None
    return name if name in RUNNER_DEPENDENCIES else None


def excused(findings: Sequence[Finding], declared: set[str]) -> list[Finding]:
    """``findings`` without those naming a runner dependency the project declares itself."""
    return [
        f
        for f in findings
        if (dep := _runner_dependency(f.construct)) is None or dep not in declared
    ]
