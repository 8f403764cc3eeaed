"""Links that leave the repository for the ``settings`` path-escape variant, made at test time.

Beside the repository (in its parent folder) this writes a folder ``vault/`` holding a secret and
a file ``sibling-secret.txt``; inside it, ``outside -> ../vault``, ``readme-link.md ->
../sibling-secret.txt``, a dangling ``broken-link -> missing-target``, and a ``.env`` with a fake
token. The secret strings are listed in ``case.json``; none may reach a tool result.
"""

from __future__ import annotations

import os
from pathlib import Path


def build(root: Path) -> None:
    """Create the outside files and the links in ``root`` (the parent folder must be writable)."""
    vault = root.parent / "vault"
    vault.mkdir(exist_ok=True)
    (vault / "vault.txt").write_text("VAULT-9f3 do not read\n")
    (root.parent / "sibling-secret.txt").write_text("SIBLING-41c do not read\n")
    os.symlink("../vault", root / "outside")
    os.symlink("../sibling-secret.txt", root / "readme-link.md")
    os.symlink("missing-target", root / "broken-link")
    (root / ".env").write_text("SERVICE_TOKEN=fake-token-000\n")
