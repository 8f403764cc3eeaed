r"""The tools the model sees: JSON schemas, argument validation, dispatch, capped results.

Six tools (names and arguments fixed by DESIGN.md; scripts and recorded runs rely on them):

- ``list_files(path=".")``: the files under a folder, blocked and git-ignored paths left out.
- ``read_file(path, start=1, end=start+199)``: numbered lines ``"   12|text"``, paged.
- ``search_code(pattern, path=".", glob=None, ignore_case=False, skip=0)``: ``path:line: text``
  hits of a Python regular expression, matched line by line (by the ``regex`` module, under a
  deadline).
- ``edit_file(path, old, new)``: replace the one exact occurrence of ``old``.
- ``create_file(path, content)``: a new file; refused when it exists.
- ``run_tests(target="")``: the test run, on one test path or node id, or the whole suite.

Caps (:class:`Caps`, all in bytes of UTF-8 unless said otherwise; defaults):

- ``result_bytes`` = 20,000: the most bytes of any one tool result (run_tests included).
- ``line_bytes`` = 2,000: the most bytes shown of any one line (read_file and search hits); a
  longer line is cut and says its full size; search hits in long lines show the text around
  the match, so ``search_code`` pages through a huge line.
- ``read_lines`` = 200: the most lines one ``read_file`` call returns.
- ``search_hits`` = 100: the most hits one ``search_code`` call returns (``skip`` pages on).
- ``list_entries`` = 500: the most paths one ``list_files`` call returns.
- ``search_file_bytes`` = 8,000,000: larger files are skipped by search (and counted).
- ``file_bytes`` = 32,000,000: larger files are refused by read/edit/create.
- ``search_count_limit`` = 100,000: search stops counting hits past this many.
- ``search_seconds`` = 10: the deadline of one search (a ``timeout`` result past it, with the
  hits found before).

Every capped result says that it was cut, gives totals (lines, bytes, hits, files) and the
exact call that shows the next part.

Result kinds (``ToolResult.kind``): successes are ``ok``, ``binary`` (read_file on a binary
file) and ``tests`` (a test run, passing or not); error results are ``unknown_tool``,
``invalid_args``, ``invalid_json`` (:meth:`Tools.invalid_call`), ``path_refused`` (outside,
blocked, not a regular file), ``not_found``, ``protected`` (counted in
:attr:`Tools.refused_test_edits`), ``no_match``, ``multiple_matches``, ``syntax_error``,
``encoding``, ``exists``, ``too_large``, ``out_of_range``, ``invalid_regex``,
``invalid_target``, ``timeout`` (a search that ran past its deadline), ``no_tests`` (a run
that collected nothing: never a pass), ``usage_error``,
``unavailable`` (no runner), ``runner_error`` and ``internal_error``.

Rules enforced here (DESIGN.md, "Rules"): arguments are validated against each tool's schema
(unknown or missing fields, wrong types, non-object arguments and NUL bytes are error results
that show the schema); paths go through :class:`fixloop.workspace.Workspace`; protected test
infrastructure cannot be created or edited (each attempt is counted in
:attr:`Tools.refused_test_edits`); edits keep every byte outside the edited region (line endings
CRLF/LF/mixed, UTF-8 BOM, tabs, bytes that are not UTF-8) and are written atomically with the
file's mode kept; an edit or create that makes a parsing ``.py`` file unparsable is refused;
binary files are reported, skipped by search and refused by edit; invisible and
direction-changing Unicode characters (bidi controls, zero-width and tag characters, other
format and control characters, unusual spaces) are shown as ``\uXXXX`` escapes, never raw
(``edit_file`` accepts those escapes in ``old``/``new`` when the raw text does not match).

Layout (the package's public names are re-exported here):

- :mod:`.dispatch`: :class:`Tools` (validation, dispatch, result capping, counters).
- :mod:`.specs`: :data:`TOOL_NAMES`, :class:`Caps`, the JSON schemas and descriptions.
- :mod:`.common`: error results, path refusals with hints, loading a file.
- :mod:`.read`: ``list_files``, ``read_file``.
- :mod:`.search`: ``search_code``.
- :mod:`.edit`: ``edit_file``, ``create_file`` (byte-faithful).
- :mod:`.run_tests`: ``run_tests`` and its target check.
- :mod:`.text`: escaping invisible characters, capping, decoding, numbering.
"""

from typing import TYPE_CHECKING, Any

from fixloop.tools.specs import TOOL_NAMES, Caps
from fixloop.tools.text import escape_text, is_binary

if TYPE_CHECKING:
    from fixloop.tools.dispatch import Tools


def __getattr__(name: str) -> Any:
    """``Tools``, imported on first use (PEP 562).

    :mod:`fixloop.config` needs only :mod:`.specs`; :mod:`.dispatch` brings every tool (libcst
    among them, 0.3 s of a process's start).
    """
    if name == "Tools":
        from fixloop.tools.dispatch import Tools

        return Tools
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["TOOL_NAMES", "Caps", "Tools", "escape_text", "is_binary"]
