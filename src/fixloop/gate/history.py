"""The user's git history for the gate's look-alike checkouts (red team 3, F31).

:func:`fixloop.gate.lookalike.dress_checkout` gave each checkout a ``.git`` holding the base
commit alone, with ``.git/shallow`` naming it as the boundary, no tags, no remotes: code asking
``os.path.exists(".git/shallow")`` knew it was in a gate run, in every one of them, while the
user's clone has its history. :func:`build_history` packs, once per gate, what a clone of the
user's repository holds:

- the objects reachable from the user's branches, tags and remote-tracking branches and from the
  base commit (``git pack-objects --revs``, existing deltas reused; a repository that is itself
  shallow stays shallow at the user's own boundaries, whose ``shallow`` file is copied);
- those refs (``packed-refs``, annotated tags peeled, as ``git clone`` writes it);
- the remotes (``remote.<name>.url``/``pushurl``/``fetch``; user name and password stripped
  from a URL, never a credential) and the tracking settings of the user's branch.

:meth:`History.install` copies the pack into a checkout's ``.git`` (a copy, never a link: code
under test may write its checkout, and the pack is reused by the next checkout) and writes the
refs and the config. Above :data:`MAX_STORE_BYTES` of the user's object store, or when git
cannot pack it (a partial clone's missing objects), there is no history and the checkout is a
shallow one as before.

Source: git-pack-objects(1) ``--revs``, git-for-each-ref(1) ``%(*objectname)``,
gitrepository-layout(5) (``packed-refs``, ``shallow``), git-config(1) ``--file``, git 2.39.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fixloop.git import GitError, git

__all__ = ["MAX_STORE_BYTES", "History", "build_history", "public_url"]

#: The largest object store (``git count-objects -v``: packs and loose objects) whose history
#: each checkout gets; a larger one gives shallow checkouts (copying it per checkout would cost
#: more than the tell is worth).
MAX_STORE_BYTES = 256 * 2**20

#: The ref namespaces a clone of the user's repository shows.
REF_PREFIXES = ("refs/heads/", "refs/tags/", "refs/remotes/")

_REMOTE_KEY = re.compile(r"remote\.(.+)\.(url|pushurl|fetch)")
_USERINFO = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*://)[^/@]*@")


class _NoHistory(Exception):
    """No history for the checkouts (too large, or git wrote no pack)."""


def public_url(url: str) -> str:
    """``url`` without a user name or password (``https://tok@host/x`` -> ``https://host/x``).

    An ``ssh://git@host`` or scp-like ``git@host:path`` URL keeps its user (a login name, as
    every clone of it shows); any ``scheme://user:password@`` loses both.
    """
    m = _USERINFO.match(url)
    if m is None:
        return url
    userinfo = url[len(m.group(1)) : m.end() - 1]
    if m.group(1).lower() in ("ssh://", "git+ssh://", "ssh+git://") and ":" not in userinfo:
        return url
    return m.group(1) + url[m.end() :]


@dataclass
class History:
    """A packed copy of the user's history, ready to install in a checkout's ``.git``.

    Attributes:
        folder: the private folder holding the pack (remove with :meth:`close`).
        pack: the ``.pack`` file (its ``.idx`` beside it).
        packed_refs: the ``packed-refs`` text.
        shallow: the user's ``shallow`` file text ("" for a full clone).
        config: text appended to the checkout's ``.git/config`` (remotes, tracking).
    """

    folder: Path
    pack: Path
    packed_refs: str
    shallow: str = ""
    config: str = ""

    def install(self, gitdir: Path) -> None:
        """Copy the pack and write the refs, ``shallow`` and config into ``gitdir``.

        Raises:
            OSError: a file could not be written.
        """
        dest = gitdir / "objects" / "pack"
        dest.mkdir(parents=True, exist_ok=True)
        for src in (self.pack, self.pack.with_suffix(".idx")):
            shutil.copyfile(src, dest / src.name)
            (dest / src.name).chmod(0o444)
        if self.packed_refs:
            (gitdir / "packed-refs").write_text(self.packed_refs, encoding="utf-8")
        if self.shallow:
            (gitdir / "shallow").write_text(self.shallow, encoding="ascii")
        if self.config:
            with open(gitdir / "config", "a", encoding="utf-8") as fh:
                fh.write(self.config)

    def close(self) -> None:
        """Remove the folder (idempotent)."""
        shutil.rmtree(self.folder, ignore_errors=True)


def _store_bytes(top: Path) -> int:
    out = git(top, "count-objects", "-v", read_only=True).stdout
    kib = 0
    for line in out.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in ("size", "size-pack") and value.strip().isdigit():
            kib += int(value.strip())
    return kib * 1024


def _refs(top: Path) -> list[tuple[str, str, str]]:
    """``(id, peeled id or "", refname)`` of the refs a clone shows, sorted by name."""
    out = git(
        top,
        "for-each-ref",
        "--format=%(objectname) %(*objectname) %(refname)",
        *(p.rstrip("/") for p in REF_PREFIXES),
        read_only=True,
    ).stdout
    refs = []
    for line in out.splitlines():
        oid, peeled, name = (line.split(" ", 2) + ["", ""])[:3]
        if oid and name.startswith(REF_PREFIXES) and not name.endswith("/HEAD"):
            refs.append((oid, peeled, name))
    return sorted(refs, key=lambda r: r[2])


def _config(top: Path, branch: str | None, folder: Path) -> str:
    """The remotes and the tracking of ``branch``, as ``git config --file`` writes them."""
    cp = git(
        top, "config", "--local", "--get-regexp", r"^(remote|branch)\.", check=False, read_only=True
    )
    conf = folder / "config"
    conf.touch()
    for line in cp.stdout.splitlines():
        key, _, value = line.partition(" ")
        m = _REMOTE_KEY.fullmatch(key)
        if m is not None:
            value = public_url(value) if m.group(2) != "fetch" else value
        elif not (branch and key in (f"branch.{branch}.remote", f"branch.{branch}.merge")):
            continue
        git(folder, "config", "--file", str(conf), "--add", key, value)
    return conf.read_text(encoding="utf-8")


def build_history(
    run_top: Path,
    user_top: Path | None,
    base_commit: str,
    folder: Path | None = None,
    *,
    branch: str | None = None,
    max_bytes: int = MAX_STORE_BYTES,
) -> History | None:
    """Pack the user's history for the look-alike checkouts (the module's rules).

    Args:
        run_top: the run's work tree (shares the user's object store).
        user_top: the user's repository (its refs and config); None: ``run_top``'s.
        base_commit: the run's base commit (always in the pack).
        folder: where the pack goes (a new private folder under it; default: the system's
            temporary folder).
        branch: the user's branch (its tracking settings are copied).
        max_bytes: the largest object store packed.

    Returns:
        The :class:`History`, or None: the store is larger than ``max_bytes`` or git failed
        (the checkouts are then shallow at the base commit).
    """
    top = Path(user_top) if user_top is not None else Path(run_top)
    try:
        if folder is not None:
            Path(folder).mkdir(parents=True, exist_ok=True)
        made = Path(tempfile.mkdtemp(prefix="history-", dir=folder))
    except OSError:
        return None
    try:
        if _store_bytes(top) > max_bytes:
            raise _NoHistory("the object store is larger than the cap")
        refs = _refs(top)
        tips = list(dict.fromkeys([*(r[0] for r in refs), base_commit]))
        git(
            Path(run_top),
            "pack-objects",
            "--revs",
            "-q",
            "--window=0",
            str(made / "pack"),
            config=("pack.compression=1",),
            input="".join(t + "\n" for t in tips),
        )
        packs = sorted(made.glob("pack-*.pack"))
        if len(packs) != 1:
            raise _NoHistory("pack-objects wrote no pack")
        lines = ["# pack-refs with: peeled fully-peeled sorted \n"]
        for oid, peeled, name in refs:
            lines.append(f"{oid} {name}\n")
            if peeled:
                lines.append(f"^{peeled}\n")
        common = git(top, "rev-parse", "--git-common-dir", read_only=True).stdout.strip()
        shallow_file = top / common / "shallow"
        shallow = shallow_file.read_text(encoding="ascii") if shallow_file.is_file() else ""
        return History(
            made,
            packs[0],
            "".join(lines) if refs else "",
            shallow,
            _config(top, branch, made),
        )
    except (GitError, OSError, UnicodeError, _NoHistory):
        shutil.rmtree(made, ignore_errors=True)
        return None
