"""The gate's test runs in a fresh checkout of the candidate (layers 3, 4, 6 and 7).

:class:`FreshCheckoutRuns` is a part of :class:`fixloop.gate.Gate` (its base class): a new
disposable folder for each verification (:meth:`~FreshCheckoutRuns._new_scratch`), each run's
wall clock capped by what is left of the run's budget, the recording runner's pinned plugins,
the repeats of the baseline's failing tests (a flaky pass is not a fix) and the second opinion
of fixloop's own runner. Only :class:`fixloop.gate.Gate` uses it; its attributes are set by
``Gate.__init__``.

The last repeat is the *perturbed run* (an extra run when ``repeats`` is 1): the baseline's
failing tests run once more in a second fresh checkout of the candidate at another path (the
user's repository folder's name, at its depth where the temporary folder allows:
:func:`elsewhere`) with the sandbox's incidentals changed (``variant``: the environment's names
and size, TERM, HOME's path, the host name; :meth:`fixloop.sandbox.Sandbox.run`; the other
set of shell start-up files in HOME: :func:`fixloop.sandbox.standins.swap_home`). Where the
sandbox places trees (bwrap), the perturbed checkout is also shown at the user's checkout path
(``alias``): the tests run at the other path, and a child interpreter importing the project
through an editable install's finder (which names the user's path) finds the candidate
(realproj2 F21: babel's ``python setup.py`` test failed there alone). A fix that
makes a test pass only because of where and how the gate runs it (a check of
``len(os.environ)``, of ``__file__``'s depth) passes the first runs and fails this one: refused,
"the result depends on where and how the tests run".
"""

from __future__ import annotations

import itertools
import json
import os
import random
import tempfile
import weakref
from collections.abc import Callable
from pathlib import Path

from fixloop import render
from fixloop.candidate import checkout_tree, remove_tree
from fixloop.gate.history import History, build_history
from fixloop.gate.lookalike import try_dress_checkout, user_branch
from fixloop.gate.rerunids import (
    RerunIds,
    disagreement_of,
    not_collected,
    not_passed,
    outcomes,
    rerun_passed,
    usage_error,
)
from fixloop.gate.rerunids import missed as missed  # the re-runs' judge, kept importable here
from fixloop.git import GitError
from fixloop.protocols import Runner
from fixloop.sandbox.standins import swap_home
from fixloop.targets import Targets
from fixloop.testrun.junit import tree_free_id
from fixloop.types import TestReport


def id_files(ids: list[str], order: list[str]) -> list[str]:
    """The test files of ``ids`` (each id's part before ``::``), in the suite's order.

    ``order``: the ids of a whole run (the baseline's ``ran_ids``): a file comes where its
    first test ran; files of ``ids`` the run does not show come last, as ``ids`` name them.
    """
    files = {i.split("::", 1)[0] for i in ids}
    out: list[str] = []
    for i in [*order, *ids]:
        f = i.split("::", 1)[0]
        if f in files and f not in out:
            out.append(f)
    return out


#: Folder names that bring the perturbed checkout to the depth of the user's repository.
_FILLERS = ("work", "src", "projects", "code", "dev", "repos", "git", "python")


def elsewhere(user_top: Path, parent: Path | None = None) -> tuple[Path, Path]:
    """Where the perturbed checkout goes: ``(folder to remove after, the checkout's top)``.

    The top is a new, absent folder named as the user's repository top (``user_top``) at the
    same depth when the temporary folder is shallow enough (``/home/u/src/proj`` becomes
    ``/tmp/tmpXXXX/<filler>/proj``, the filler folders drawn at random from :data:`_FILLERS`);
    a shallower repository gets the shallowest place there is.

    Args:
        user_top: the user's repository top folder (``Isolation.repo``).
        parent: where to create it (default: the system's temporary folder).
    """
    made = Path(tempfile.mkdtemp(dir=parent))
    want = len(Path(user_top).parts) - 1  # path components of the user's top
    # drawn anew for each run: a fixed "work/src/..." was a constant of the perturbed run (F14)
    fillers = random.SystemRandom().sample(_FILLERS, len(_FILLERS))
    folder, i = made, 0
    while len(folder.parts) < want:
        folder = folder / fillers[i % len(fillers)]
        i += 1
    return made, folder / (Path(user_top).name or "repo")


#: The files pytest's cache provider writes into a new cache folder (pytest 9.2, cacheprovider.py).
_CACHE_FILES: dict[str, str] = {
    "README.md": "# pytest cache directory #\n\n"
    "This directory contains data from the pytest's cache plugin,\n"
    "which provides the `--lf` and `--ff` options, as well as the `cache` fixture.\n\n"
    "**Do not** commit this to version control.\n\n"
    "See [the docs](https://docs.pytest.org/en/stable/how-to/cache.html) for more information.\n",
    ".gitignore": "# Created by pytest automatically.\n*\n",
    "CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by pytest.\n"
    "# For information about cache directory tags, see:\n"
    "#\thttps://bford.info/cachedir/spec.html\n",
}


def used_cache(run_root: Path, baseline: TestReport) -> None:
    """Give the perturbed checkout the ``.pytest_cache`` a user's checkout has after a run.

    The gate's first runs start without one (a fresh checkout; fixloop's runs block the cache
    plugins that write it, :data:`fixloop.testrun.runner.CACHE_ARGS`); a user's checkout has one
    after any pytest run. Code that answers by the folder's presence then gets two answers
    (red team 3, F9). The content is what pytest writes: its three files and the node ids of
    the last run (``v/cache/nodeids``: the baseline's tests), no ``lastfailed`` (pytest's
    ``--lf`` plugin is blocked in fixloop's runs anyway). Best effort: a folder that exists
    already (the project commits one) is left alone.
    """
    cache = Path(run_root) / ".pytest_cache"
    if cache.exists() or cache.is_symlink():
        return
    try:
        (cache / "v" / "cache").mkdir(parents=True)
        for name, text in _CACHE_FILES.items():
            (cache / name).write_text(text, encoding="utf-8")
        ids = sorted({*baseline.ran_ids, *baseline.skipped_ids})
        (cache / "v" / "cache" / "nodeids").write_text(
            json.dumps(ids, ensure_ascii=False, indent=2), encoding="utf-8"
        )
    except OSError:
        return


def _rewrite(top: Path, paths: list[str]) -> None:
    """Write each regular file of ``paths`` under ``top`` again with its own bytes (now)."""
    for rel in paths:
        p = top / rel
        try:
            if p.is_file() and not p.is_symlink():
                p.write_bytes(p.read_bytes())
        except OSError:
            continue


class FreshCheckoutRuns:
    """How the gate runs tests in a checkout of the candidate (a base of the Gate).

    Attributes (set by :class:`fixloop.gate.Gate`):
        runner: the :class:`~fixloop.protocols.Runner`; baseline: the baseline report;
        scratch_dir: where the checkouts go (None: the system's temporary folder);
        repeats: how many passes in all the baseline's failing tests need; deadline, clock:
        the end of the run's wall-clock budget on ``clock()`` (seconds), or None; targets:
        the run's :class:`~fixloop.targets.Targets` or None.
    """

    runner: Runner
    baseline: TestReport
    scratch_dir: Path | None
    repeats: int
    deadline: float | None
    clock: Callable[[], float]
    _serial: itertools.count[int]
    targets: Targets | None
    prepare: Callable[[Path], None] | None
    root: Path
    #: the base commit (``Gate.__init__``: ``iso.base_commit``)
    base: str
    #: the latest verification's ``(baseline id, candidate id)`` of unstable ids (``Gate``)
    unstable: list[tuple[str, str]]
    #: the base commit's second collection of the latest verification (:meth:`_base_again`),
    #: None when it was not needed or failed
    _again: list[str] | None = None
    #: the candidate's full run of the latest verification (``Gate._judge``)
    _full_run: TestReport | None = None
    #: the top of the checkout being judged (set by ``Gate.verify``), None between verifications
    _checkout_top: Path | None = None
    #: the host folder holding HOME for the runs of one verification (``Gate.verify``): the
    #: full run, the repeats and the perturbed run find what the run before left there, as on a
    #: user's machine (a fix right only the first time fails the repeats; red team 3 F7)
    _home: Path | None = None

    def _must_pass(self) -> list[str]:
        """The baseline's failing tests the repeats and the second opinion run: the targets'."""
        if self.targets is not None:
            return self.targets.must_pass(self.baseline)
        return list(self.baseline.failing_ids)

    def _plan(self) -> RerunIds:
        """How the re-runs name :meth:`_must_pass`'s ids (:mod:`fixloop.gate.rerunids`)."""
        base = self.baseline
        return RerunIds.build(
            self._must_pass(),
            self.unstable,
            [*base.ran_ids, *base.skipped_ids],
            self._again,
            self._full_run,
        )

    def _left(self) -> float | None:
        return None if self.deadline is None else self.deadline - self.clock()

    def _new_scratch(self) -> Path:
        parent = self.scratch_dir or Path(tempfile.gettempdir())
        parent.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f"gate-{next(self._serial)}-", dir=parent)) / "tree"

    def _run(
        self,
        target: str | list[str],
        root: Path,
        watch: dict | None,
        *,
        variant: bool = False,
        around: Path | None = None,
        top: Path | None = None,
    ) -> TestReport:
        kw: dict = {"pristine": True, "root": root, "writable": True, "wall_s": self._left()}
        if (home := getattr(self, "_home", None)) is not None and getattr(
            self.runner, "perturbs", False
        ):
            kw["keep_home"] = home  # what the previous run left in HOME (F7)
        if variant and getattr(self.runner, "perturbs", False):
            kw["variant"] = True
            kw.update({"around": around} if around is not None else {})
            if top is not None and (user := self._user_path()) is not None:
                kw["alias"] = (top, user)  # the user's path shows this checkout too (F21)
        elif place := self._place(root):
            kw["place"] = place
        if watch is not None:
            kw["audit"] = watch
        if getattr(self.runner, "records", False):
            # what pytest loads by itself is recorded; the baseline's plugins are pinned
            kw["record"] = "gate" if target == "" else None
            rec = self.baseline.record
            # pinned when the baseline got as far as collecting (its plugin list is complete)
            pinned = rec is not None and bool(
                rec.plugins or rec.test_modules or rec.doctest_modules
            )
            kw["plugins"] = rec.plugins if pinned and rec is not None else None
        return self.runner.run(target, **kw)  # type: ignore[call-arg]

    def _base_again(self) -> list[str] | None:
        """The base commit's ids, collected once more in a fresh checkout of it, or None.

        For :mod:`fixloop.gate.unstable`: an id of the baseline the base's own second
        collection does not list changes at every collection. The checkout gets what the run's
        tree has beyond the commit (``prepare``), not the gate's HOME nor the user's path: the
        change's runs leave nothing there. Ids are ``<tree>``-free, as a run's. None: a runner
        that cannot collect (test doubles), no base commit, no time left, or a failed
        collection.
        """
        collect = getattr(self.runner, "collect_command", None)
        left = self._left()
        if collect is None or not self.base or (left is not None and left <= 0):
            return None
        scratch = self._new_scratch()
        try:
            root = checkout_tree(self.root, self.base, scratch)
            if self.prepare is not None:
                self.prepare(scratch)
            ids = collect(root, wall_s=left)
        except (OSError, GitError):
            return None
        finally:
            remove_tree(scratch.parent)
        if ids is None:
            return None
        roots = list(dict.fromkeys([str(root), os.path.realpath(root)]))
        return [tree_free_id(i, roots) for i in ids]

    def _dress(self, tree: str, top: Path, *, staged: bool) -> None:
        """Give the checkout at ``top`` a ``.git`` and the user's mtimes (:mod:`.lookalike`).

        The first runs see the change committed on the user's branch and the user's mtimes, the
        perturbed run sees it staged on the base commit (``staged``) and its files as written.
        A git failure leaves the checkout as it was (no ``.git``): the tests run either way.
        """
        iso = getattr(self, "iso", None)
        user = getattr(iso, "repo", None)
        base = self.base or getattr(iso, "base_commit", None)
        user_top = Path(user) if user else None
        try_dress_checkout(
            self.root,
            tree,
            base,
            top,
            user_top=user_top,
            staged=staged,
            history=self._history(base, user_top) if base else None,
            keep_mtimes=not staged,  # the perturbed run: ctime == mtime (redteam4 G1)
        )

    def _history(self, base: str, user_top: Path | None) -> History | None:
        """The user's history for the checkouts (:mod:`.history`), packed once per gate.

        Built at the first checkout and kept for the gate's life (removed when the gate is
        collected); None when it cannot be built (the checkouts are then shallow).
        """
        cached = self.__dict__.get("_history_pack")
        if cached is not None and cached[0] == base:
            return cached[1]
        if cached is not None and cached[1] is not None:
            cached[1].close()
        try:
            built = build_history(
                self.root, user_top, base, self.scratch_dir, branch=user_branch(user_top)
            )
        except (GitError, OSError):
            built = None
        if built is not None:
            weakref.finalize(self, built.close)
        self.__dict__["_history_pack"] = (base, built)
        return built

    def _place(self, root: Path) -> tuple[Path, Path] | None:
        """``(checkout top, the user's repository top)`` for a run in the gate's checkout.

        The sandbox shows the checkout at the user's own repository path (bwrap; the user's
        checkout itself is never mounted), so ``__file__``, the working folder and their depth
        are the user's. None: a runner that cannot place a tree (test doubles), no checkout, no
        user repository (``iso.repo``), or a repository path a sandbox cannot stand in for.
        """
        top = getattr(self, "_checkout_top", None)
        user = self._user_path()
        if top is None or user is None:
            return None
        try:
            Path(os.path.realpath(root)).relative_to(os.path.realpath(top))
        except ValueError:
            return None
        return Path(top), user

    def _user_path(self) -> Path | None:
        """The user's repository top where a sandbox may show a gate checkout, or None.

        None: a runner that cannot place a tree (test doubles), no user repository
        (``iso.repo``), or a path a sandbox cannot stand in for (``/``, ``/tmp``, a system
        folder).
        """
        user = getattr(getattr(self, "iso", None), "repo", None)
        if not user or not getattr(self.runner, "perturbs", False):
            return None
        user = Path(os.path.abspath(user))
        system = ("/proc", "/dev", "/sys", "/usr", "/bin", "/sbin", "/lib", "/etc", "/tmp")
        if len(user.parts) < 2 or any(user == Path(d) for d in system):
            return None
        if any(str(user).startswith(d + "/") for d in system if d != "/tmp"):
            return None
        return user

    def _repeats(self, root: Path) -> str:
        """Run the baseline's failing tests again until they passed :attr:`repeats` times.

        The full run counted as the first; the last (or an extra one when :attr:`repeats` is 1)
        is the perturbed run (:meth:`_perturbed`). An id that changes at every collection is
        re-run by its function (:meth:`_plan`). Returns "" when every run passed, else why not.
        """
        plan = self._plan()
        if not plan.asked:
            return ""
        last = max(self.repeats, 2)
        for n in range(2, last + 1):
            left = self._left()
            if left is not None and left <= 0:
                return f"the run's wall-clock budget ran out before run {n} of {last}"
            if n == last:
                return self._perturbed(plan, n)  # n == last
            again = self._run(plan.asked, root, None)
            if (why := not_passed(plan, again, n, last)) and not self._with_files(
                plan, again, root
            ):
                return why
        return ""

    def _with_files(self, plan: RerunIds, alone: TestReport, root: Path, **variant: object) -> bool:
        """Whether ``plan``'s ids, failing when run alone, pass with the rest of their files.

        A test that relies on an earlier test of its module (a store the first test fills) fails
        alone and passes in the full run and in the user's shell, every time: the repeats and
        the perturbed run refused every fix of such a suite as flaky (red team 3 F12). Not for
        ids pytest no longer finds, nor when the files are the ids themselves.
        """
        ids = plan.asked
        if not_collected(ids, alone):
            return False
        files = id_files(ids, self.baseline.ran_ids)
        if sorted(files) == sorted(ids):
            return False
        run = self._run(files, root, None, **variant)  # type: ignore[arg-type]
        return rerun_passed(plan, run, judged_alone=False)

    def _perturbed(self, plan: RerunIds, n: int) -> str:
        """Run ``plan``'s ids in a new checkout of the candidate elsewhere, incidentals changed.

        Returns "" when they all pass, else the refusal ("depends on where and how the tests
        run"). Without a candidate (a gate judging a folder) there is nothing to check out:
        "".
        """
        cand = getattr(self, "last_candidate", None)
        if cand is None:
            return ""
        ids = plan.asked
        early = self.__dict__.pop("_early", None)
        if early is not None and early[3] == cand.tree:
            made, top, alt = early[:3]
        else:
            if early is not None:
                remove_tree(early[0])
            iso = getattr(self, "iso", None)
            made, top = elsewhere(Path(getattr(iso, "repo", None) or self.root))
        try:
            if early is not None and early[3] == cand.tree:
                _rewrite(top, cand.changed)  # the change lands after the clone (G18)
            else:
                alt = checkout_tree(self.root, cand.tree, top)
            self._dress(cand.tree, top, staged=True)
            if self.prepare is not None:
                self.prepare(top)
            used_cache(alt, self.baseline)
            if (home := getattr(self, "_home", None)) is not None:
                swap_home(home)  # the other shell start-up files in HOME (F40)
            again = self._run(ids, alt, None, variant=True, around=made, top=top)
            if not rerun_passed(plan, again) and self._with_files(
                plan, again, alt, variant=True, around=made, top=top
            ):
                return ""
        finally:
            remove_tree(made)
        if rerun_passed(plan, again):
            return ""
        gone = not_collected(ids, again)
        if not gone and (usage := usage_error(again, n, n)):
            return usage
        if gone:
            bad = ", ".join(gone[:5]) + " not collected"
        elif again.ok and not again.failing_ids:
            bad = "; ".join(plan.problems(outcomes(again))[:3])
        else:
            bad = ", ".join(again.failing_ids[:5]) or render.tally(again)
        return (
            "the result depends on where and how the tests run: the baseline's failing tests "
            f"passed in the full run but not on run {n} of {n}, which ran them in a second "
            f"checkout at another path ({alt}) with other incidental settings (the "
            f"environment's variables, TERM, HOME, the host name) ({again.outcome.value}: "
            f"{bad}): a fix must not depend on the path of the checkout or on the environment "
            "it runs in (or the tests are flaky: a flaky pass is not a fix)"
        )

    def _early_perturbed(self, tree: str) -> None:
        """Write the perturbed run's checkout of ``tree`` now, before the first runs.

        Its files then keep the times they were written with (ctime == mtime, as a clone's),
        and the candidate's changed files are written again right before the perturbed run
        (:meth:`_perturbed`), so they are newer than the rest by the first runs' duration, as an
        edit made after a clone: neither "ctime after mtime" (the first runs' checkout, whose
        files get the user's mtimes) nor "every file of one age" holds there (redteam4 G18).
        Best effort: without it the perturbed run writes its checkout when it starts.
        """
        self._drop_early()
        if not self._must_pass():
            return  # no perturbed run
        iso = getattr(self, "iso", None)
        made, top = elsewhere(Path(getattr(iso, "repo", None) or self.root))
        try:
            alt = checkout_tree(self.root, tree, top)
        except (OSError, GitError):
            remove_tree(made)
            return
        self.__dict__["_early"] = (made, top, alt, tree)

    def _drop_early(self) -> None:
        """Remove an unused early perturbed checkout (:meth:`_early_perturbed`)."""
        early = self.__dict__.pop("_early", None)
        if early is not None:
            remove_tree(early[0])

    def _second_opinion(self, watch: dict[str, list[int]], root: Path) -> tuple[str, list[str]]:
        """(summary, audit findings) of the second opinion on the baseline's failing tests.

        The summary starts with ``"agrees"`` when every test passed there (tests that runner
        cannot judge by itself, e.g. async ones, are named); otherwise it says which did not.
        An id that changes at every collection runs by its function (:meth:`_plan`).
        """
        plan = self._plan()
        ids = plan.asked
        if not ids:
            return "agrees: the baseline had no failing test to re-run", []
        kw = {"place": place} if (place := self._place(root)) else {}
        op = self.runner.second_opinion(ids, audit=watch, root=root, **kw)  # type: ignore[attr-defined]
        events = [str(e) for e in op.events]
        why = disagreement_of(plan, op)
        files = id_files(ids, self.baseline.ran_ids)
        if why is not None and not op.problems and sorted(files) != sorted(ids):
            # alone they fail; with the rest of their files, in order (red team 3 F12)?
            op = self.runner.second_opinion(files, audit=watch, root=root, **kw)  # type: ignore[attr-defined]
            events += [str(e) for e in op.events]
            why = disagreement_of(plan, op)
        if why is not None:
            return why, events
        n = len(plan.plain) + len(plan.standing)
        summary = f"agrees: {n} failing test(s) of the baseline pass in fixloop's runner"
        if unknown := op.unknown():
            summary += f" ({len(unknown)} it cannot judge by itself: {', '.join(unknown[:3])})"
        return summary, events
