"""Headless Chromium for the HTML tests: a page's DOM as the browser parsed it.

``.ci/run`` installs Debian's ``chromium``; elsewhere the tests that need it skip
(:data:`needs_chromium`).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

#: The browser's executable, or None when neither ``chromium`` nor ``chromium-browser`` is on PATH.
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

#: Skip a test where there is no Chromium.
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium (Debian package chromium) absent"
)


def dump_dom(page: Path, profile: Path) -> str:
    """The DOM headless Chromium builds from ``page`` (``--dump-dom``), offline, as text.

    Args:
        page: the HTML file.
        profile: a folder for the browser's profile (created, and removed afterwards).

    Raises:
        AssertionError: Chromium exited with an error (its stderr's tail is the message).
    """
    assert CHROMIUM is not None
    profile.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    shutil.rmtree(profile, ignore_errors=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout
