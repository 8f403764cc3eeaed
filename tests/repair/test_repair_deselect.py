"""The screening leaves unrelated failing tests out by their exact node ids (screen_trace.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from fixloop.repair.screen_trace import ExactDeselect, exact_deselect


def test_only_the_named_pairs_are_taken_out_of_the_arguments() -> None:
    args = ["-q", "--deselect", "t.py::test_x", "--deselect", "t.py::slow", "-x"]
    rest, plugins = exact_deselect(args, ["t.py::test_x", "t.py::absent"])
    assert rest == ["-q", "--deselect", "t.py::slow", "-x"]  # the project's own stays pytest's
    assert len(plugins) == 1 and isinstance(plugins[0], ExactDeselect)
    assert plugins[0].ids == {"t.py::test_x"}
    assert exact_deselect(args, []) == (args, [])


def test_a_test_whose_id_extends_a_deselected_one_still_runs(tmp_path: Path) -> None:
    (tmp_path / "test_t.py").write_text(
        textwrap.dedent(
            """
            import pytest

            def test_x():
                assert False

            def test_x_more():
                assert False, "broken by the candidate"

            @pytest.mark.parametrize("n", [1, 2])
            def test_x_p(n):
                assert n == 1
            """
        )
    )
    script = textwrap.dedent(
        """
        import sys
        import pytest
        from fixloop.repair.screen_trace import exact_deselect
        args, plugins = exact_deselect(
            ["-q", "-p", "no:cacheprovider", "--deselect", "test_t.py::test_x",
             "--deselect", "test_t.py::test_x_p[2]"],
            ["test_t.py::test_x", "test_t.py::test_x_p[2]"],
        )
        sys.exit(pytest.main(args, plugins=plugins))
        """
    )
    r = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    out = r.stdout + r.stderr
    assert "1 failed, 1 passed, 2 deselected" in out, out
    assert "test_x_more" in out
