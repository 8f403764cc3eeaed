"""fixloop on released projects as a user keeps them, with injected single-location bugs.

Issue 13 ("Show") and issue 19 (at least 9/12): projects taken as source distributions
from the package registry, each installed in its own virtualenv under a cache folder as a user
keeps it, and at least four one-location bugs injected into each:

- humanize: a src layout, installed editable (``pip install -e .[tests]``), pytest's own
  ``[tool.pytest]`` config with ``filterwarnings = error`` and ``--doctest-modules``, compiled
  translations (the project's ``compile-translations`` step);
- more-itertools: a flat layout, a unittest suite of over 1,000 tests, run by pytest;
- boltons: a flat layout, many small modules and a few hundred tests.
- arrow: tox.ini's addopts run pytest-cov (``--cov-fail-under=99 --cov-report=xml``), 1,839
  tests, dateparser/pytz/simplejson, one test failing at the release (tz data): ``--target``;
- simplejson: a C extension built in place by the editable install (git-ignored), a unittest
  suite inside the package, tests that run the package's command line in child processes;
- python-dateutil: a src layout, setuptools_scm, setup.cfg's pytest config with
  ``filterwarnings = error``, 2,000 tests (hypothesis, freezegun, tests that set ``TZ`` and
  call ``time.tzset``), and six, whose lazy ``six.moves`` attributes import on any read.

For each project: ``pip download --no-deps --no-binary :all: NAME==VERSION`` into the cache,
unpack, ``git init`` and commit the sources (the user's checkout), make a venv and install the
project editable with its test dependencies. Nothing else is configured: fixloop finds the
interpreter through ``$VIRTUAL_ENV`` (the user's activated venv) and runs its default test
command. The cache is kept between runs (``--cache``, default ``~/.cache/fixloop-real-projects``).

Each bug is a ``(file, old, new)`` replacement of one location (the script checks that ``old``
occurs exactly once). For each: copy the checkout (ignored files too, as the user's folder
holds them), apply it, commit, and run
``fixloop fix --model repair --json`` (the offline engine); a bug whose suite does not fail is
reported as invalid, not counted as resolved. One line per bug: the baseline seconds (the
baseline run's duration from the trajectory), the total seconds of the run, the verdict, and
whether the verified fix puts back the original code (``yes``: the committed file equals
the released one; ``ast``: the same syntax tree, formatted differently; ``no``). Before the
bugs, each pristine checkout is run once (``--no-pristine`` skips it): it must say
``nothing_to_fix``. A bug no test catches is reported as ``invalid_bug`` and not counted. The
last line is ``ratio X``: resolved / total (resolved: the gate verified the fix; total: the
valid bugs, and the bugs of a project whose set-up failed).

    .venv/bin/python benchmarks/real_projects.py            # all six projects, 20 bugs
    .venv/bin/python benchmarks/real_projects.py --only humanize --jobs 1
Needs network access to the package registry the first time (pip), bubblewrap, and a few
minutes per bug on a loaded machine.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GIT_ENV = {
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
}


@dataclass(frozen=True)
class Bug:
    """One injected bug: ``old`` replaced by ``new`` in ``path`` (``old`` occurs exactly once).

    ``targets``: ``--target`` node ids for a project whose released suite already fails here
    for another reason (arrow's tz-data test): the run is about the tests the bug breaks.
    """

    name: str
    path: str
    old: str
    new: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Project:
    """A released project: its sdist, how a user installs it, and the bugs put into it."""

    name: str
    dist: str
    version: str
    extras: str = ""
    extra_packages: tuple[str, ...] = ()
    setup: tuple[
        tuple[str, ...], ...
    ] = ()  # commands run in the checkout with the venv's bin first
    bugs: tuple[Bug, ...] = field(default_factory=tuple)
    #: lines of the ``.gitignore`` the user's repository has (an sdist ships none): an extension
    #: built in place, a coverage report; written before the first commit
    gitignore: tuple[str, ...] = ()
    #: False when the released suite fails here at the release (the pristine check would not
    #: say ``nothing_to_fix``); its bugs then carry ``targets``
    pristine: bool = True


#: the slowest suite first, so that ``--jobs`` starts its long runs at once
PROJECTS: tuple[Project, ...] = (
    Project(
        name="python-dateutil",
        dist="python-dateutil",
        version="2.9.0.post0",
        # requirements-dev.txt as a user installs it: pytest pinned below 8.4 (8.4's parametrize
        # deprecation is an error under the project's filterwarnings = error), pytest-cov for
        # the conftest's no_cover mark; freezegun without deps (it requires dateutil >= 2.7,
        # and the editable checkout has no tag, so setuptools_scm calls it 0.1.dev)
        extra_packages=("six", "pytest<8.4", "pytest-cov", "hypothesis"),
        setup=(("python", "-m", "pip", "install", "-q", "--no-deps", "freezegun"),),
        bugs=(
            # a method of a class that an installed library imports (freezegun.api.tzlocal)
            # and a suite that loads six.moves' lazy attributes: both tripped the gate's watch
            Bug(
                "tzlocal-dst-sign",
                "src/dateutil/tz/tz.py",
                "            return self._dst_offset - self._std_offset\n        else:\n"
                "            return ZERO\n",
                "            return self._dst_offset + self._std_offset\n        else:\n"
                "            return ZERO\n",
            ),
            Bug(
                "easter-orthodox-mod",
                "src/dateutil/easter.py",
                "        j = (y + y//4 + i) % 7\n",
                "        j = (y + y//4 + i) % 8\n",
            ),
            Bug(
                "easter-month",
                "src/dateutil/easter.py",
                "    m = 3 + (p + 26)//30\n",
                "    m = 3 + (p + 26)//31\n",
            ),
        ),
    ),
    Project(
        name="arrow",
        dist="arrow",
        version="1.3.0",
        # tox.ini's addopts: pytest-cov with --cov-fail-under=99 --cov-report=xml (coverage.xml
        # is git-ignored, as in the repository); tests/test_arrow.py::...::test_anchorage_dst
        # fails at the release with this machine's tz data: every bug carries its targets
        extras="[test]",
        gitignore=("__pycache__/", "*.egg-info/", ".coverage", "coverage.xml"),
        pristine=False,
        bugs=(
            Bug(
                "humanize-hour",
                "arrow/arrow.py",
                "                elif diff < self._SECS_PER_HOUR * 2:\n",
                "                elif diff < self._SECS_PER_HOUR * 3:\n",
                targets=("tests/test_arrow.py::TestArrowHumanize::test_hours",),
            ),
            Bug(
                "humanize-minute",
                "arrow/arrow.py",
                "                elif diff < self._SECS_PER_MINUTE * 2:\n",
                "                elif diff < self._SECS_PER_MINUTE * 3:\n",
                targets=("tests/test_arrow.py::TestArrowHumanize::test_minutes",),
            ),
        ),
    ),
    Project(
        name="simplejson",
        dist="simplejson",
        version="3.20.1",
        # the C speedups built in place by the editable install (git-ignored, copied into the
        # run's tree); a unittest suite inside the package (simplejson/tests), run by pytest,
        # whose test_tool runs `python -m simplejson.tool` in child processes
        extra_packages=("pytest",),
        gitignore=("__pycache__/", "*.egg-info/", "build/", "*.so"),
        bugs=(
            Bug(
                "indent-separator",
                "simplejson/encoder.py",
                "        elif indent is not None:\n            self.item_separator = ','\n",
                "        elif indent is not None:\n            self.item_separator = ', '\n",
            ),
            Bug(
                "list-indent-level",
                "simplejson/encoder.py",
                "            if newline_indent is not None:\n                _current_indent_level -= 1\n"
                "                yield '\\n' + (_indent * _current_indent_level)\n            yield ']'\n",
                "            if newline_indent is not None:\n"
                "                yield '\\n' + (_indent * _current_indent_level)\n            yield ']'\n",
            ),
        ),
    ),
    Project(
        name="more-itertools",
        dist="more-itertools",
        version="11.2.1",
        extra_packages=("pytest",),  # requirements/testing.txt has coverage only; tox runs unittest
        bugs=(
            Bug(
                "chunked-strict",
                "more_itertools/more.py",
                "                if len(chunk) != n:\n",
                "                if len(chunk) == n:\n",
            ),
            Bug(
                "nth-or-last",
                "more_itertools/more.py",
                "    return last(islice(iterable, n + 1), default=default)\n",
                "    return last(islice(iterable, n), default=default)\n",
            ),
            Bug(
                "ilen-count",
                "more_itertools/more.py",
                "    return sum(compress(repeat(1), zip(iterable)))\n",
                "    return sum(compress(repeat(2), zip(iterable)))\n",
            ),
            Bug(
                "windowed-short",
                "more_itertools/more.py",
                "    if len(window) < n:\n",
                "    if len(window) <= n:\n",
            ),
        ),
    ),
    Project(
        name="humanize",
        dist="humanize",
        version="4.17.0",
        extras="[tests]",
        extra_packages=("babel",),  # the project's compile-translations step (tox.ini)
        setup=(
            (
                "pybabel",
                "--quiet",
                "compile",
                "--directory",
                "src/humanize/locale",
                "--domain",
                "humanize",
            ),
        ),
        bugs=(
            Bug(
                "filesize-base",
                "src/humanize/filesize.py",
                "    base = 1024 if (gnu or binary) else 1000\n",
                "    base = 1024 if (gnu and binary) else 1000\n",
            ),
            Bug(
                "apnumber-range",
                "src/humanize/number.py",
                "    if not 0 <= value < 10:\n",
                "    if not 0 <= value <= 10:\n",
            ),
            Bug(
                "natural-list-two",
                "src/humanize/lists.py",
                "    elif len(item_list) == 2:\n",
                "    elif len(item_list) == 3:\n",
            ),
            Bug(
                "filesize-bytes",
                "src/humanize/filesize.py",
                "    if abs_bytes < base:\n",
                "    if abs_bytes <= base:\n",
            ),
            Bug(
                "filesize-carry",
                "src/humanize/filesize.py",
                "        exp += 1\n",
                "        exp += 2\n",
            ),
        ),
    ),
    Project(
        name="boltons",
        dist="boltons",
        version="26.2.0",
        extra_packages=("pytest",),  # the dev dependency group
        bugs=(
            Bug(
                "int-list-range",
                "boltons/strutils.py",
                "            output += list(range(min(range_limits), max(range_limits)+1))\n",
                "            output += list(range(min(range_limits), max(range_limits)))\n",
            ),
            Bug(
                "bytes2human-range",
                "boltons/strutils.py",
                "        if abs_bytes < next_size:\n",
                "        if abs_bytes <= next_size:\n",
            ),
            Bug(
                "clamp-lower",
                "boltons/mathutils.py",
                "    return min(max(x, lower), upper)\n",
                "    return min(max(x, upper), upper)\n",
            ),
            Bug(
                "readable-list-two",
                "boltons/strutils.py",
                "    if len(items) == 2:\n",
                "    if len(items) == 3:\n",
            ),
        ),
    ),
)


def run(
    argv: Sequence[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: float = 1800
) -> subprocess.CompletedProcess[str]:
    """Run a command; raise with its output when it fails."""
    proc = subprocess.run(
        list(argv),
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
    if proc.returncode != 0:
        raise RuntimeError(
            f"{' '.join(argv)} (in {cwd}) exited {proc.returncode}:\n{proc.stdout[-2000:]}"
            f"\n{proc.stderr[-3000:]}"
        )
    return proc


def git(cwd: Path, *args: str) -> str:
    """Run git with a fixed identity; its stdout."""
    return run(["git", *args], cwd=cwd, env={**os.environ, **GIT_ENV}).stdout


def venv_env(venv: Path) -> dict[str, str]:
    """The environment of a shell where the user activated ``venv``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


def prepare(project: Project, cache: Path) -> tuple[Path, Path]:
    """The project's checkout (a git repository of its sdist) and its venv, made once.

    Returns:
        ``(checkout, venv)`` under ``cache/<name>-<version>/``.
    """
    base = cache / f"{project.name}-{project.version}"
    checkout, venv, done = base / "checkout", base / "venv", base / "ready"
    if done.exists():
        return checkout, venv
    if base.exists():
        shutil.rmtree(base)
    (base / "sdist").mkdir(parents=True)
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--no-binary",
            ":all:",
            f"{project.dist}=={project.version}",
            "-d",
            str(base / "sdist"),
        ],
        cwd=base,
    )
    archive = next((base / "sdist").glob("*.tar.gz"))
    with tarfile.open(archive) as tf:
        tf.extractall(base / "sdist", filter="data")
    top = next(p for p in (base / "sdist").iterdir() if p.is_dir())
    top.rename(checkout)
    run([sys.executable, "-m", "venv", str(venv)], cwd=base)
    env = venv_env(venv)
    py = str(venv / "bin" / "python")
    git(checkout, "init", "-q", "-b", "main")  # before the install: hatch-vcs reads git
    if project.gitignore:
        (checkout / ".gitignore").write_text("\n".join(project.gitignore) + "\n", encoding="utf-8")
    run(
        [py, "-m", "pip", "install", "-q", "-e", f".{project.extras}", *project.extra_packages],
        cwd=checkout,
        env=env,
    )
    for cmd in project.setup:
        run(cmd, cwd=checkout, env=env)
    git(checkout, "add", "-A")
    git(checkout, "commit", "-q", "-m", f"{project.name} {project.version} (sdist)")
    done.write_text("ok\n")
    return checkout, venv


def fixloop(repo: Path, venv: Path, home: Path, targets: Sequence[str] = ()) -> tuple[dict, float]:
    """``fixloop fix REPO --model repair --json`` as the user runs it; (result, seconds)."""
    env = venv_env(venv)
    env["FIXLOOP_HOME"] = str(home)
    env["PYTHONPATH"] = str(ROOT / "src")
    t0 = time.monotonic()
    target_args = [a for t in targets for a in ("--target", t)]
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "fixloop",
            "fix",
            str(repo),
            "--model",
            "repair",
            "--json",
            *target_args,
        ],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=3600,
    )
    took = time.monotonic() - t0
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1]), took
    except (ValueError, IndexError):
        return {"status": "crash", "summary": proc.stderr[-2000:]}, took


def baseline_of(result: dict) -> dict:
    """The baseline report of a run, from its trajectory ({} when there is none)."""
    path = result.get("trajectory")
    if not path or not Path(path).is_file():
        return {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event.get("type") == "baseline":
            return dict(event["report"])
    return {}


def apply_bug(checkout: Path, bug: Bug, dest: Path) -> None:
    """Copy the user's checkout into ``dest`` as it is, put ``bug`` in, commit.

    A copy, not a clone: the checkout's ignored files stay (a generated ``_version.py``,
    compiled translations), as in the user's own folder after ``pip install -e .``.

    Raises:
        ValueError: ``bug.old`` does not occur exactly once.
    """
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(checkout, dest, symlinks=True)
    target = dest / bug.path
    text = target.read_text(encoding="utf-8")
    if text.count(bug.old) != 1:
        raise ValueError(f"{bug.name}: {bug.old!r} occurs {text.count(bug.old)} times")
    target.write_text(text.replace(bug.old, bug.new), encoding="utf-8")
    git(dest, "commit", "-q", "-am", f"inject {bug.name}")


def restored(result: dict, repo: Path, original: Path, bug: Bug) -> str:
    """Whether the run's branch holds the released code again.

    Returns:
        ``"yes"`` (the file's bytes are the released ones), ``"ast"`` (the same syntax tree,
        formatted differently: ``ast.dump`` equal), or ``"no"``.
    """
    branch = result.get("branch")
    if not branch:
        return "no"
    try:
        fixed = git(repo, "show", f"{branch}:{bug.path}")
    except RuntimeError:
        return "no"
    released = (original / bug.path).read_text(encoding="utf-8")
    if fixed == released:
        return "yes"
    try:
        same = ast.dump(ast.parse(fixed)) == ast.dump(ast.parse(released))
    except SyntaxError:
        return "no"
    return "ast" if same else "no"


@dataclass
class Job:
    """One fixloop run of the benchmark: a project's pristine checkout or one of its bugs."""

    project: Project
    checkout: Path
    venv: Path
    bug: Bug | None = None


def run_job(job: Job, work: Path) -> tuple[str, bool, bool]:
    """Run one job: its report line, whether it is resolved, whether it counts.

    A bug that no test catches (``nothing_to_fix``) or that cannot be put in is reported as
    ``invalid_bug`` and not counted.
    """
    p, bug = job.project, job.bug
    name = bug.name if bug else "(none)"
    repo = work / f"{p.name}-{name.strip('()')}"
    if bug is None:
        shutil.copytree(job.checkout, repo, symlinks=True)
    else:
        try:
            apply_bug(job.checkout, bug, repo)
        except (ValueError, RuntimeError) as e:
            return (
                f"{p.name:16} {name:20} {'-':>10} {'-':>8}  invalid_bug    -    {e}",
                False,
                False,
            )
    res, took = fixloop(
        repo, job.venv, work / f"home-{p.name}-{name.strip('()')}", bug.targets if bug else ()
    )
    base = baseline_of(res)
    status = str(res.get("status", "?"))
    counts = bug is not None and status != "nothing_to_fix"
    if bug is not None and not counts:
        status = "invalid_bug"  # no test fails with it
    ok = bug is not None and status == "verified"
    same = restored(res, repo, job.checkout, bug) if ok and bug is not None else "no"
    if bug is None:
        same = "-"
    tally = (
        f"{base.get('passed', 0)} passed, {base.get('failed', 0) + base.get('errors', 0)} "
        f"failing at the baseline"
        if base
        else "no baseline"
    )
    env = res.get("environment") or {}
    why = env.get("cause") if isinstance(env, dict) and env.get("cause") else None
    first = (str(res.get("summary") or "").splitlines() or [""])[0]
    note = "" if ok else " | " + str(why or first)[:160]
    return (
        (
            f"{p.name:16} {name:20} {float(base.get('duration_s', 0.0)):>10.1f} {took:>8.1f}  "
            f"{status:14} {same:3}  {tally}{note}"
        ),
        ok,
        counts,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Prepare the projects, run every bug, print one line per bug and the ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "fixloop-real-projects")
    ap.add_argument("--only", action="append", default=[], help="project name (repeatable)")
    ap.add_argument("--bug", action="append", default=[], help="bug name (repeatable)")
    ap.add_argument("--jobs", type=int, default=1, help="fixloop runs at once (default 1)")
    ap.add_argument("--no-pristine", action="store_true", help="skip the pristine check")
    args = ap.parse_args(argv)
    cache = args.cache.expanduser().resolve()
    work = cache / "runs" / time.strftime("%Y%m%d-%H%M%S")
    work.mkdir(parents=True)
    jobs: list[Job] = []
    total = 0
    print(
        f"{'project':16} {'bug':20} {'baseline_s':>10} {'total_s':>8}  verdict        "
        "original  baseline",
        flush=True,
    )
    for project in PROJECTS:
        if args.only and project.name not in args.only:
            continue
        bugs = [b for b in project.bugs if not args.bug or b.name in args.bug]
        try:
            checkout, venv = prepare(project, cache)
        except (RuntimeError, OSError, StopIteration, subprocess.TimeoutExpired) as e:
            print(
                f"{project.name:16} {'(set-up)':20} {'-':>10} {'-':>8}  setup_failed   -    "
                f"{str(e).splitlines()[0][:200]}",
                flush=True,
            )
            total += len(bugs)
            continue
        if not args.no_pristine and project.pristine:
            jobs.append(Job(project, checkout, venv))
        jobs += [Job(project, checkout, venv, bug) for bug in bugs]
    resolved = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for fut in as_completed([pool.submit(run_job, j, work) for j in jobs]):
            line, ok, counts = fut.result()
            resolved += ok
            total += counts
            print(line, flush=True)
    print(f"resolved {resolved}/{total}")
    print(f"ratio {resolved / total if total else 0:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
