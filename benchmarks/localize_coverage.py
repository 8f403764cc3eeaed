"""Per-test coverage for localization: the engine's ``sys.settrace`` tracer against coverage.py.

The repair engine's localization run records, for every test, the project lines it ran (plus the
functions the test code called directly and the lines run at import). This script measures what
that costs with the engine's own tracer (:class:`fixloop.repair.screen_trace._Tracer`, the
``localize`` job of the screening server) and with coverage.py's API (``Coverage`` started before
``pytest.main``, ``switch_context(nodeid)`` around each test: dynamic contexts, then
``CoverageData.contexts_by_lineno`` read back into the same per-test line sets), both against a
plain pytest run of the same project. All three run unsandboxed with this interpreter, in turn
(interleaved, to share machine-load drift), so the figures are the tracing cost alone.

Projects: the tasks of a bug suite (``--suite``, default ../shared/benchdata/bugsuite-dev, each
task's ``repo/``), and a generated one (``--synthetic``: a module with loops and ``--tests`` test
functions, closer to a real project's suite than the suite's 3-5 test toys).

For each project it prints the median seconds of each mode and the ratios tracer/plain,
coverage/plain and coverage/tracer, and whether every line coverage.py gave a test the tracer
gave it too (``agree``; the tracer also records each called function's ``def`` line). Needs pytest and coverage in this interpreter.

Usage::

    python benchmarks/localize_coverage.py [--suite DIR] [--tasks a,b] [--reps 5]
                                           [--synthetic] [--tests 60] [--only-synthetic]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SUITE = ROOT.parent / "shared" / "benchdata" / "bugsuite-dev"
if str(ROOT / "src") not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT / "src"))

PYTEST_ARGS = ["-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--tb=no"]

# the coverage.py way, run as a script in the project's folder: argv = root, out
COVERAGE_DRIVER = r"""
import json, os, sys, time
root, out = os.path.realpath(sys.argv[1]), sys.argv[2]
os.chdir(root)
sys.path.insert(0, root)
import coverage, pytest

def is_test(rel):
    name = rel.rsplit("/", 1)[-1]
    return rel.startswith(("tests/", "test/")) or "/tests/" in rel or name.startswith("test_") \
        or name.endswith("_test.py") or name == "conftest.py"

cov = coverage.Coverage(data_file=None, source=[root], config_file=False)

class Switch:
    def pytest_runtest_protocol(self, item, nextitem):
        cov.switch_context(item.nodeid)
    def pytest_runtest_logfinish(self, nodeid, location):
        cov.switch_context("")

t0 = time.monotonic()
cov.start()
try:
    code = pytest.main(sys.argv[3:], plugins=[Switch()])
finally:
    cov.stop()
data = cov.get_data()
tests, imports = {}, set()
for f in data.measured_files():
    rel = os.path.realpath(f)[len(root) + 1:].replace(os.sep, "/")
    if is_test(rel):
        continue
    for line, ctxs in data.contexts_by_lineno(f).items():
        for c in ctxs:
            if c:
                tests.setdefault(c, set()).add((rel, line))
            else:
                imports.add((rel, line))
result = {"exit": int(code), "seconds": time.monotonic() - t0,
          "tests": {t: sorted(v) for t, v in tests.items()}, "import_lines": sorted(imports)}
open(out, "w").write(json.dumps(result))
"""

SYNTH_MODULE = """
def collatz(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def table(k):
    out = []
    for i in range(1, k):
        out.append(collatz(i))
    return out


def words(text):
    seen = {}
    for w in text.split():
        w = w.strip(".,").lower()
        seen[w] = seen.get(w, 0) + 1
    return sorted(seen.items(), key=lambda t: (-t[1], t[0]))
"""


def _synthetic(dest: Path, tests: int) -> None:
    """A module with loops and ``tests`` test functions over 4 files, one of them failing."""
    (dest / "tests").mkdir(parents=True)
    (dest / "calc.py").write_text(SYNTH_MODULE, encoding="utf-8")
    per = max(1, tests // 4)
    n = 0
    for f in range(4):
        body = ["from calc import collatz, table, words\n"]
        for _ in range(per):
            n += 1
            want = "-1" if n == 1 else "sum(1 for _ in [0])"  # test 1 fails
            body.append(
                f"\n\ndef test_{n}():\n"
                f"    assert len(table({300 + 10 * n})) == {299 + 10 * n}\n"
                f"    assert words('a b a. {n}')[0] == ('a', 2)\n"
                f"    assert collatz(1) + 1 == {want}\n"
            )
        (dest / "tests" / f"test_calc_{f}.py").write_text("".join(body), encoding="utf-8")


def _run(argv: list[str], cwd: Path) -> float:
    t0 = time.monotonic()
    subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - t0


def measure(project: Path, reps: int, work: Path) -> dict[str, object]:
    """Time plain pytest, the engine's tracer and coverage.py contexts on ``project``.

    Returns:
        ``{"plain", "tracer", "coverage"}`` median seconds and ``agree`` (bool: every line
        coverage.py attributed to a test, the tracer attributed to it too; the tracer also
        records each called function's ``def`` line, which coverage does not).
    """
    from fixloop import pathrules
    from fixloop.repair import screen_server, screen_trace

    server = work / screen_server.SERVER_NAME  # as WarmScreener lays it out
    shutil.copyfile(screen_server.__file__, server)
    shutil.copyfile(screen_trace.__file__, work / screen_server.TRACE_COPY)
    shutil.copyfile(pathrules.__file__, work / screen_server.PATHRULES_COPY)
    driver = work / "covdriver.py"
    driver.write_text(COVERAGE_DRIVER, encoding="utf-8")
    times: dict[str, list[float]] = {"plain": [], "tracer": [], "coverage": []}
    tracer_out, cov_out = work / "tracer.json", work / "cov.json"
    job = work / "job.json"
    job.write_text(
        json.dumps(
            {
                "mode": "localize",
                "root": str(project),
                "engine_dir": str(work),
                "pytest_args": PYTEST_ARGS,
                "out": str(tracer_out),
            }
        ),
        encoding="utf-8",
    )
    py = sys.executable
    for _ in range(reps):
        times["plain"].append(_run([py, "-m", "pytest", *PYTEST_ARGS], project))
        times["tracer"].append(_run([py, str(server), str(job)], project))
        times["coverage"].append(
            _run([py, str(driver), str(project), str(cov_out), *PYTEST_ARGS], project)
        )
    agree = False
    if tracer_out.exists() and cov_out.exists():
        a = json.loads(tracer_out.read_text(encoding="utf-8"))
        b = json.loads(cov_out.read_text(encoding="utf-8"))
        ta = {t: {tuple(x) for x in d["lines"]} for t, d in a["tests"].items() if d["lines"]}
        tb = {t: {tuple(x) for x in v} for t, v in b["tests"].items()}
        # the tracer also records the ``def`` line of each call (its "call" event): compare
        # whether coverage found any line the tracer missed
        agree = set(tb) <= set(ta) and all(tb[t] <= ta[t] for t in tb)
    out: dict[str, object] = {k: statistics.median(v) for k, v in times.items()}
    out["agree"] = agree
    return out


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code (0 also when the suite is absent)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", type=Path, default=DEFAULT_SUITE)
    ap.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--synthetic", action="store_true", help="also the generated project")
    ap.add_argument("--only-synthetic", action="store_true", help="only the generated project")
    ap.add_argument("--tests", type=int, default=60, help="tests of the generated project")
    args = ap.parse_args(argv)
    try:
        import coverage  # noqa: F401
    except ImportError:
        print("localize_coverage: coverage is not installed in this interpreter (skipped)")
        return 0

    projects: list[tuple[str, Path]] = []
    if not args.only_synthetic and args.suite.is_dir():
        wanted = {t for t in args.tasks.split(",") if t}
        for t in sorted(args.suite.iterdir()):
            if (t / "repo").is_dir() and (not wanted or t.name in wanted):
                projects.append((t.name, t / "repo"))
    elif not args.only_synthetic:
        print(f"localize_coverage: no suite at {args.suite}; the generated project only")
    print(
        f"{'project':28} {'plain s':>8} {'tracer s':>9} {'cov s':>7} "
        f"{'tr/plain':>8} {'cov/plain':>9} {'cov/tr':>7}  agree"
    )
    ratios: list[tuple[float, float, float]] = []
    with tempfile.TemporaryDirectory(prefix="localize-coverage-") as tmp:
        base = Path(tmp)
        if args.synthetic or args.only_synthetic or not projects:
            _synthetic(base / "synthetic", args.tests)
            projects.append((f"synthetic ({args.tests} tests)", base / "synthetic"))
        for i, (name, src) in enumerate(projects):
            project = base / f"p{i}"
            if src != project:
                shutil.copytree(src, project)
            work = base / f"w{i}"
            work.mkdir()
            m = measure(project, args.reps, work)
            p, t, c = float(m["plain"]), float(m["tracer"]), float(m["coverage"])  # type: ignore[arg-type]
            ratios.append((t / p, c / p, c / t))
            print(
                f"{name:28} {p:8.2f} {t:9.2f} {c:7.2f} {t / p:8.2f} {c / p:9.2f} "
                f"{c / t:7.2f}  {m['agree']}",
                flush=True,
            )
    if len(ratios) > 1:
        med = [statistics.median(r[k] for r in ratios) for k in range(3)]
        print(
            f"\nmedian ratios: tracer/plain {med[0]:.2f}, coverage/plain {med[1]:.2f}, "
            f"coverage/tracer {med[2]:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
