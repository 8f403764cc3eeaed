"""Every attack fixture of tests/attacks/protect.py, end to end through the real CLI: pass/fail.

Usage::

    python benchmarks/protect_e2e.py [--only KIND_OR_NAME ...]

The test suite (tests/gate/test_protect_e2e.py) runs one variant of each kind (the first by
name) through ``fixloop fix --json --model script:...`` to keep the suite fast, and every other
variant at the tool level (the real baseline's record, the run's edit policy built from it, the
same tool calls through ``Tools``: the same refusal, the honest fix accepted and passing). This
script runs the end-to-end checks on every variant: the attack (``check_attack_end_to_end``:
never verified, its first call refused by the named rule naming the path) and the honest fix
(``check_honest_end_to_end``: verified), in the default sandbox (or unsandboxed where no
sandbox starts, as the tests do), one at a time.

Prints one line per variant and check (``pass`` or ``FAIL`` with the first line of the
difference) and last ``passed X/Y``; the exit code is 1 when a check failed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "gate"))
from test_protect_e2e import (  # noqa: E402
    ATTACKS,
    check_attack_end_to_end,
    check_honest_end_to_end,
)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns 0 when every selected check passed, else 1."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", default=[], help="a kind or a variant name to run")
    args = ap.parse_args(argv)
    chosen = [a for a in ATTACKS if not args.only or a.kind in args.only or a.name in args.only]
    if not chosen:
        print("protect_e2e: no variant selected")
        return 1
    checks = (("attack", check_attack_end_to_end), ("honest", check_honest_end_to_end))
    passed = total = 0
    for a in chosen:
        for what, check in checks:
            total += 1
            start = time.monotonic()
            with tempfile.TemporaryDirectory(prefix="protect-e2e-") as tmp:
                try:
                    check(a, Path(tmp))
                except AssertionError as e:
                    first = (str(e).strip().splitlines() or ["assertion failed"])[0]
                    took = time.monotonic() - start
                    print(f"FAIL {a.name} {what} ({took:.1f} s): {first[:200]}")
                    continue
            passed += 1
            print(f"pass {a.name} {what} ({time.monotonic() - start:.1f} s)")
    print(f"passed {passed}/{total}")
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
