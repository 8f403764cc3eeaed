"""Every variant of tests/cases/env-writes-into-repo, end to end through the real CLI: pass/fail.

Usage::

    python benchmarks/env_e2e.py [--only VARIANT ...]

The test suite (tests/test_env_e2e.py) runs the first variant by name through ``fixloop fix
--json --model script:...`` to keep the suite fast, and every other variant at the runner and
candidate level (a writable tree lets the tests write; the candidate commit holds the fix and no
by-product). This script runs the end-to-end check (``check_writes_end_to_end``: verified, only
the fixed file changed, the branch without the by-products, the user's checkout untouched) on
every variant, in the default sandbox (or unsandboxed where no sandbox starts, as the tests do),
one at a time.

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
from test_e2e import default_sandbox_args  # noqa: E402
from test_env_e2e import WRITES, check_writes_end_to_end  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns 0 when every selected variant passed, else 1."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", default=[], help="variant names to run")
    args = ap.parse_args(argv)
    chosen = [c for c in WRITES if not args.only or c.variant in args.only]
    if not chosen:
        print("env_e2e: no variant selected")
        return 1
    sandbox_args = list(default_sandbox_args())
    passed = 0
    for c in chosen:
        start = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="env-e2e-") as tmp:
            try:
                check_writes_end_to_end(c, Path(tmp), sandbox_args)
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
