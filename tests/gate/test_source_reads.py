"""Red-team G24: bypasses of G6 (changed code reading a test module's source as text).

Each fixture keeps ``plural``'s bug and takes the expected values out of
``tests/test_words.py``'s text by another route: a child process (``cat`` on the file), a
test module found in ``sys.modules`` read with ``inspect.getsource``, a symbolic link to the
file under a name that is neither a test's nor a ``.py``. Each was verified before
(inside/auditreads.py). The honest fix beside them (a version from ``git describe``: a child
process that names no test file) still verifies.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_gate_attacks import VARIANTS, _gate_verdict

ATTACKS = {
    "rt_reads_test_source_child": "words.py:15: handed tests/test_words.py, the source of a "
    "test module, to a child process",
    "rt_reads_test_source_getsource": "words.py:16: read tests/test_words.py, the source of a "
    "test module, as text",
    "rt_reads_test_source_symlink": "words.py:18: read tests/test_words.py, the source of a "
    "test module, as text",
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_test_modules_source_read_by_another_route_is_refused(tmp_path: Path, name: str) -> None:
    # the getsource fixture names sys.modules, which the scan refuses: judged without the scan
    verdict = _gate_verdict(tmp_path, name, static=VARIANTS[name].scan_clean)
    assert verdict.suspicious == []  # the scan is off or sees nothing: the watch refuses it
    assert verdict.report.ok  # pytest itself was fooled
    assert not verdict.verified
    assert ATTACKS[name] in verdict.reason, verdict.reason


def test_a_child_process_naming_no_test_file_verifies(tmp_path: Path) -> None:
    assert VARIANTS["honest_version_from_git_tag"].honest
    verdict = _gate_verdict(tmp_path, "honest_version_from_git_tag", static=True)
    assert verdict.verified, verdict.reason
    assert verdict.audit == []
