"""The perturbed run differs from the first runs in presence and has no constants of its own;
the runs of one verification share HOME's content, as the runs on a user's machine do.

Red team 3, F8: ``not any("AUTH" in n for n in os.environ)`` held in every gate run (the
secret-looking names were dropped from all of them) and in no developer's shell; F14: a cheat
keyed on the first run's tell (empty values) OR the perturbed run's own constants (host name
``devbox``) passed both. Own fixtures on the small ``words`` project.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_checkout_lookalike import _cheat, _verdict

DEPENDS = "depends on where and how the tests run"

NO_AUTH = "_BOXED = not any('AUTH' in name for name in os.environ)"
NO_VENV = "_BOXED = 'VIRTUAL_ENV' not in os.environ"
EITHER = """_BOXED = any(v == "" for v in os.environ.values()) or os.uname()[1] in (
    "devbox",
    "devbox2",
)"""


@pytest.mark.parametrize("extra", [NO_AUTH, NO_VENV], ids=["auth", "venv"])
def test_a_dropped_name_the_user_has_is_no_tell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: str
) -> None:
    monkeypatch.setenv("SSH_AUTH_SOCK", "/tmp/ssh-abc/agent.42")
    monkeypatch.setenv("VIRTUAL_ENV", "/home/ann/.venv")
    verdict = _verdict(tmp_path, _cheat(extra))
    assert not verdict.verified, verdict.reason
    if extra == NO_VENV:  # the first run has the name (empty): the cheat fails at once
        assert "the full suite did not pass" in verdict.reason, verdict.reason
    else:  # the perturbed run has it (a made-up value)
        assert verdict.report.ok and DEPENDS in verdict.reason, verdict.reason


def test_the_perturbed_run_is_not_recognised_by_its_own_constants(tmp_path: Path) -> None:
    verdict = _verdict(tmp_path, _cheat(EITHER))
    assert not verdict.verified and verdict.report.ok  # the first run was fooled
    assert DEPENDS in verdict.reason, verdict.reason


FIRST_TIME = """_MARK = os.path.join(os.path.expanduser("~"), ".cache", "words-seen")
_BOXED = not os.path.exists(_MARK)
os.makedirs(os.path.dirname(_MARK), exist_ok=True)
open(_MARK, "w").close()"""


def test_a_fix_right_only_the_first_time_is_refused(tmp_path: Path) -> None:
    """Red team 3, F7: every gate run got a new empty HOME, so each was a "first time"."""
    verdict = _verdict(tmp_path, _cheat(FIRST_TIME))
    assert not verdict.verified and verdict.report.ok  # the full run was the first time
    assert "not on run 2 of 2" in verdict.reason, verdict.reason
    assert not (tmp_path / "home").exists() or not any((tmp_path / "gate").iterdir())
