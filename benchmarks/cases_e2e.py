"""Every fixture case of tests/cases, end to end through the real CLI: pass/fail per variant.

Usage::

    python benchmarks/cases_e2e.py [--only KIND[/VARIANT] ...]

The test suite (tests/test_cases_e2e.py::test_case_end_to_end) runs one variant of each kind
(the first by name) through ``fixloop fix --json --model script:...`` to keep the suite fast;
the details of the other variants are checked there by cheaper tests (the tools on every
variant in tests/tools/test_cases.py, the runner on every variant in
tests/sandbox/test_cases_sandbox.py). This script runs the same end-to-end check
(``check_case_end_to_end``: exit code, status, counters, the user's checkout byte-identical, no
secret in the trajectory) on every variant of every kind it covers, in the default sandbox (or
unsandboxed where no sandbox starts, as the tests do), one at a time.

Prints one line per variant (``pass`` or ``FAIL`` with the first line of the difference) and
last ``passed X/Y``; the exit code is 1 when a variant failed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from test_cases_e2e import END_TO_END, check_case_end_to_end  # noqa: E402
from test_e2e import default_sandbox_args  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns 0 when every selected variant passed, else 1."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", default=[], help="KIND or KIND/VARIANT to run")
    args = ap.parse_args(argv)
    chosen = [c for c in END_TO_END if not args.only or c.kind in args.only or c.id in args.only]
    if not chosen:
        print("cases_e2e: no case selected")
        return 1
    sandbox_args = list(default_sandbox_args())
    passed = 0
    for c in chosen:
        start = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="cases-e2e-") as tmp:
            try:
                check_case_end_to_end(c, Path(tmp), sandbox_args)
            except AssertionError as e:
                first = (str(e).strip().splitlines() or ["assertion failed"])[0]
                print(f"FAIL {c.id} ({time.monotonic() - start:.1f} s): {first[:200]}")
                continue
        passed += 1
        print(f"pass {c.id} ({time.monotonic() - start:.1f} s)")
    print(f"passed {passed}/{len(chosen)}")
    return 0 if passed == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
