"""The ``fixloop`` command (typer + rich). Nothing imports this module but the entry point.

Commands:

- ``fixloop fix [PATH]``: make the failing tests pass; live step lines and a final report on
  stderr; with ``--json`` exactly one JSON object on stdout: ``RunResult.to_dict()`` plus
  ``exit_code``, also when the run ends in an error (``status`` "error" or
  "provider_unavailable", ``summary`` the one-line message that stderr gets too, the other keys
  empty). Only click's own command-line errors (unknown option, bad value) print no object.
- ``fixloop doctor [PATH]``: the baseline checks without a model (:mod:`fixloop.checkup`):
  interpreter, test command, plugins, sandbox, baseline tally, verdict; exit 0 ready, 3 an
  environment problem; ``--json`` one object.
- ``fixloop runs``: the recorded runs; ``fixloop show RUN``: a run's transcript.
- ``fixloop eval SUITE``: registered by :func:`fixloop.eval.cli.register`.

Exit codes (errors.py, README "Exit codes"): 0 verified or nothing to fix; 1 not fixed (budget
used up, gate rejected, loop, context overflow); 2 usage, configuration or git-state error (one
line on stderr, no traceback); 3 environment error (no sandbox, provider unreachable); 130 Ctrl-C.
How a call ended becomes its exit code in one place, :func:`fixloop.session.conclude`; this module
only prints what it says.

Help text is click's plain formatter (``rich_markup_mode=None``): Typer's rich panels print a
``<bool>`` type beside every flag.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from fixloop.display import say, terminal
from fixloop.errors import FixloopError, UsageError
from fixloop.eval.cli import register as register_eval
from fixloop.prompts import DEFAULT_TASK

app = typer.Typer(
    name="fixloop",
    help="A coding agent that makes failing tests pass, and proves it.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

err_console = terminal(stderr=True)


def _one(message: str) -> str:
    return " ".join(message.split())


def _fail(message: str, code: int) -> typer.Exit:
    """Write the one-line error (never wrapped) and return the Exit to raise."""
    say(f"fixloop: {_one(message)}")
    return typer.Exit(code)


def _sandbox_choice(sandbox: str | None, allow_unsandboxed: bool, json_out: bool) -> str | None:
    """The ``--sandbox`` to use: ``none`` when only ``--allow-unsandboxed`` was given.

    ``--sandbox none`` without the explicit opt-in exits 2 (one JSON object with --json).
    """
    from fixloop.display import error_object, print_json

    if sandbox == "none" and not allow_unsandboxed:
        message = (
            "--sandbox none runs code under test with your privileges; add --allow-unsandboxed "
            "to do it anyway"
        )
        if json_out:
            print_json(error_object(_one(message), UsageError.exit_code))
        raise _fail(message, UsageError.exit_code)
    return "none" if allow_unsandboxed and sandbox is None else sandbox


@app.command()
def fix(
    path: Annotated[Path, typer.Argument(help="The repository (or a folder inside one).")] = Path(
        "."
    ),
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            "-m",
            help="auto | repair | script:FILE | replay:TRAJECTORY | anthropic:NAME | "
            "openai:NAME | openai-compatible:NAME@URL | ollama:NAME  [default: the config's "
            "model, else auto]",
        ),
    ] = None,
    task: Annotated[str, typer.Option("--task", "-t", help="What to do.")] = DEFAULT_TASK,
    max_steps: Annotated[int | None, typer.Option(min=1, help="Model calls.")] = None,
    max_test_runs: Annotated[
        int | None, typer.Option(min=0, help="Test runs by the model.")
    ] = None,
    max_verifications: Annotated[
        int | None, typer.Option(min=1, help="Gate verifications (claims checked).")
    ] = None,
    max_cost: Annotated[
        float | None,
        typer.Option(min=0.0, help="Dollars; refused for a model with no price (give one)."),
    ] = None,
    max_tokens: Annotated[int | None, typer.Option(min=1, help="Input + output tokens.")] = None,
    timeout: Annotated[
        float | None, typer.Option(min=1.0, help="Wall-clock seconds for the whole run.")
    ] = None,
    sandbox: Annotated[
        str | None,
        typer.Option(
            help="auto | bwrap | docker | podman | none (none needs --allow-unsandboxed)."
        ),
    ] = None,
    allow_unsandboxed: Annotated[
        bool,
        typer.Option(
            "--allow-unsandboxed",
            "--unsandboxed",
            help="Explicitly allow running tests without a sandbox (--sandbox none).",
        ),
    ] = False,
    docker_image: Annotated[
        str | None,
        typer.Option("--docker-image", "--image", help="Image for --sandbox docker/podman."),
    ] = None,
    thinking: Annotated[
        int | None,
        typer.Option(
            "--thinking",
            min=1024,
            metavar="BUDGET",
            help="Extended thinking for Claude models: tokens of thinking per turn (>= 1024).",
        ),
    ] = None,
    python: Annotated[
        str | None,
        typer.Option(
            "--python",
            help="The project's interpreter (wins over .venv/venv discovery and $VIRTUAL_ENV).",
        ),
    ] = None,
    pass_env: Annotated[
        list[str] | None,
        typer.Option(
            "--pass-env",
            help="Pass this host variable into the sandbox (repeatable; secret-looking names "
            "such as *KEY*, *TOKEN*, *SECRET*, *PASSWORD* are refused).",
        ),
    ] = None,
    allow_edit: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-edit",
            metavar="GLOB",
            help="Also let the model create or change files matching GLOB that are not Python "
            "source (data, config); repeatable. Tests stay read-only whatever GLOB says.",
        ),
    ] = None,
    target: Annotated[
        list[str] | None,
        typer.Option(
            "--target",
            metavar="NODEID",
            help="A failing test the run is about (repeatable): the targets must pass and no "
            "passing test may fail; the other failing tests may stay failing.",
        ),
    ] = None,
    in_place: Annotated[
        bool,
        typer.Option(
            "--in-place",
            help="Work in your (clean) checkout, on the branch it is on, instead of a worktree; "
            "the change is left uncommitted there.",
        ),
    ] = False,
    json_out: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print exactly one JSON object on stdout: the result, with exit_code; on an "
            'error too (status "error" or "provider_unavailable", summary the message, also on '
            "stderr). Only a malformed command line (unknown option, bad option value) is "
            "rejected before that, with usage text on stderr and exit code 2.",
        ),
    ] = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Show the model's text.")
    ] = False,
    attempts: Annotated[
        int,
        typer.Option(
            min=1,
            help="Independent attempts from the same base commit; the gate-verified one with "
            "the smallest diff wins (script models: script:A.json,B.json or script:FOLDER).",
        ),
    ] = 1,
    jobs: Annotated[int, typer.Option(min=1, help="Attempts running at once.")] = 1,
    keep_attempts: Annotated[
        bool, typer.Option("--keep-attempts", help="Keep the branches of the other attempts.")
    ] = False,
    all_attempts: Annotated[
        bool,
        typer.Option("--all-attempts", help="Run every attempt to its end after one verified."),
    ] = False,
    approve: Annotated[
        str,
        typer.Option(
            metavar="POLICY",
            help="Ask you before: never (default) | commit | edits | deps, or a comma-separated "
            "set; needs an interactive terminal.",
        ),
    ] = "never",
) -> None:
    """Make the failing tests pass in PATH; the harness verifies the result itself."""
    from fixloop.api import CodingAgent
    from fixloop.display import (
        LiveDisplay,
        error_object,
        print_json,
        render_report,
        stdout_to_stderr,
    )
    from fixloop.session import conclude

    sandbox = _sandbox_choice(sandbox, allow_unsandboxed, json_out)
    from fixloop.person import TerminalPerson

    # questions and approvals go to the terminal (/dev/tty), never to stdout; no terminal on
    # stdin: nobody to ask (ask_human says so at once; --approve other than never is refused)
    person = TerminalPerson.open() if sys.stdin.isatty() else None
    # a live (redrawn) display would hide the approval prompts: plain lines with --approve
    live = not json_out and err_console.is_terminal and approve.strip().lower() == "never"
    display = LiveDisplay(err_console, verbose=verbose, live=live)
    agent = CodingAgent(
        model,
        path,
        on_event=display,
        max_steps=max_steps,
        max_test_runs=max_test_runs,
        max_verifications=max_verifications,
        max_cost_usd=max_cost,
        max_tokens=max_tokens,
        max_wall_s=timeout,
        sandbox=sandbox,
        allow_unsandboxed=allow_unsandboxed or None,
        docker_image=docker_image,
        in_place=in_place,
        thinking_budget=thinking,
        python=python,
        pass_env=pass_env,
        allow_edit=allow_edit or None,
        target=target or None,
        attempts=attempts,
        jobs=jobs,
        keep_attempts=keep_attempts,
        all_attempts=all_attempts,
        ask=person,
        approve=approve,
    )
    with stdout_to_stderr() if json_out else contextlib.nullcontext():
        try:
            ending = conclude(lambda: agent.run(task), partial=lambda: agent.result)
        finally:
            display.stop()
        result = ending.result
        if ending.interrupted and result is None:
            ending.error = "interrupted by the user (Ctrl-C) before the run started"
        if result is not None and ending.error is None:
            render_report(
                result,
                err_console if json_out else terminal(stderr=False),
                collection_errors=display.collection_errors,
                where=str(path),
                interrupted=ending.interrupted,
            )
    if ending.error is not None:
        if json_out:
            obj = error_object(ending.error, ending.code, status=ending.status, result=result)
            print_json(obj)
        raise _fail(ending.error, ending.code)
    if json_out and result is not None:
        print_json({**result.to_dict(), "exit_code": ending.code})
    raise typer.Exit(ending.code)


@app.command()
def doctor(
    path: Annotated[Path, typer.Argument(help="The repository (or a folder inside one).")] = Path(
        "."
    ),
    python: Annotated[
        str | None,
        typer.Option("--python", help="The project's interpreter (wins over discovery)."),
    ] = None,
    sandbox: Annotated[
        str | None,
        typer.Option(
            help="auto | bwrap | docker | podman | none (none needs --allow-unsandboxed)."
        ),
    ] = None,
    allow_unsandboxed: Annotated[
        bool,
        typer.Option("--allow-unsandboxed", help="Explicitly allow --sandbox none."),
    ] = False,
    docker_image: Annotated[
        str | None, typer.Option("--docker-image", help="Image for --sandbox docker/podman.")
    ] = None,
    pass_env: Annotated[
        list[str] | None,
        typer.Option("--pass-env", help="Pass this host variable into the sandbox (repeatable)."),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print exactly one JSON object on stdout.")
    ] = False,
) -> None:
    """Check, without a model, that PATH's test suite runs as `fixloop fix` would run it.

    Prints the interpreter (and how it was found), the test command, the pytest plugins loaded,
    the sandbox, the baseline tally and the verdict. Exit 0 ready, 3 an environment problem
    (cause and fix), 2 a usage or configuration error. Your checkout is never touched.
    """
    from fixloop.checkup import DoctorReport, doctor_lines, run_doctor
    from fixloop.display import LiveDisplay, print_json, stdout_to_stderr
    from fixloop.session import conclude

    sandbox = _sandbox_choice(sandbox, allow_unsandboxed, json_out)
    overrides: dict[str, Any] = {
        "python": python,
        "sandbox": sandbox,
        "allow_unsandboxed": allow_unsandboxed or None,
        "docker_image": docker_image,
        "pass_env": list(pass_env) if pass_env else None,
    }
    # the spinner alone while the baseline runs (on a terminal, never with --json): the
    # report below says the rest
    display = LiveDisplay(err_console, live=not json_out and err_console.is_terminal, lines=False)
    with stdout_to_stderr() if json_out else contextlib.nullcontext():
        try:
            ending = conclude(
                lambda: run_doctor(path, overrides=overrides, on_event=display),
                code_of=lambda rep: rep.exit_code,
            )
        finally:
            display.stop()
    if ending.interrupted:
        ending.error = "interrupted by the user (Ctrl-C); nothing was changed"
    if ending.error is not None:
        if json_out:
            verdict = "interrupted" if ending.interrupted else "error"
            print_json(DoctorReport.error_dict(path, ending.error, ending.code, verdict))
        raise _fail(ending.error, ending.code)
    report = ending.value
    if json_out:
        print_json(report.to_dict())
    else:
        for line in doctor_lines(report):
            say(line, sys.stdout)
    raise typer.Exit(ending.code)


#: How many runs ``fixloop runs`` shows without --limit or --all.
RUNS_SHOWN = 20


@app.command()
def runs(
    json_out: Annotated[
        bool, typer.Option("--json", help="One JSON list on stdout: every run, newest first.")
    ] = False,
    limit: Annotated[
        int, typer.Option("--limit", "-n", min=1, help="Show the newest N runs.")
    ] = RUNS_SHOWN,
    all_runs: Annotated[bool, typer.Option("--all", help="Show every run.")] = False,
) -> None:
    """List the recorded runs, newest first (the newest 20 unless --limit or --all).

    The branch column is "-" when the run left no branch; a last line (on stderr) says how many
    older runs were left out. Piped (stdout not a terminal): one tab-separated line per run, no
    header: run id, started, status, model, branch, repository. --json lists every run.
    """
    from fixloop.display import print_json
    from fixloop.runlist import runs_with_branches

    items = runs_with_branches()[::-1]  # recorded oldest first (by run id)
    if json_out:
        print_json(items)
        return
    if not items:
        err_console.print("no runs recorded yet")
        return
    left_out = 0 if all_runs else max(len(items) - limit, 0)
    if left_out:
        items = items[:limit]
    rows = [
        [
            str(r.get("run_id")),
            str(r.get("started_at") or ""),
            str(r.get("status") or ""),
            str(r.get("model") or ""),
            str(r.get("branch") or "-"),
            str(r.get("repo") or ""),
        ]
        for r in items
    ]
    if not sys.stdout.isatty():
        for row in rows:
            sys.stdout.write("\t".join(" ".join(c.split()) or "-" for c in row) + "\n")
        sys.stdout.flush()
    else:
        table = Table("run", "started", "status", "model", "branch", "repo", box=box.SIMPLE)
        for col in table.columns:
            col.overflow = "fold"  # a narrow terminal wraps values; it never cuts them
        table.columns[0].min_width = max(len(row[0]) for row in rows)
        for row in rows:
            table.add_row(*row)
        Console().print(table)
    if left_out:
        err_console.print(f"{left_out} more (older): --all shows every run, --limit N the newest N")


@app.command()
def show(
    run: Annotated[str, typer.Argument(help="A run id, a unique prefix, 'last', or a file.")],
    out: Annotated[
        Path | None,
        typer.Argument(help="With --html: the page to write (default ./<run id>.html)."),
    ] = None,
    html: Annotated[
        bool,
        typer.Option("--html", help="Write the run as one self-contained HTML page instead."),
    ] = False,
) -> None:
    """Print a run's transcript, or write it as an HTML page (--html [OUT])."""
    from fixloop.render import transcript
    from fixloop.trajectory import find_run, read_trajectory

    if out is not None and not html:
        raise _fail(f"unexpected argument {str(out)!r} (an output file goes with --html)", 2)
    try:
        path = find_run(run)
        events = read_trajectory(path)
        if html:
            from fixloop.htmlpage import write_page

            target = out if out is not None else Path(f"{path.stem}.html")
            if target.is_dir():
                target = target / f"{path.stem}.html"
            elif not target.parent.is_dir():  # a mistyped path: refused, no folder made
                raise _fail(
                    f"cannot write {target}: the folder {target.parent} does not exist "
                    "(make it first, or name a page in an existing folder)",
                    2,
                )
            try:
                write_page(events, target)
            except OSError as e:
                raise _fail(f"cannot write {target}: {e.strerror or e}", 2) from None
            sys.stdout.write(f"{target}\n")
            return
        text = transcript(events)
    except FixloopError as e:
        raise _fail(str(e), e.exit_code) from None
    sys.stdout.write(text + "\n")


register_eval(app)


def main() -> None:
    """The ``fixloop`` entry point.

    Ctrl-C exits 130. A run's interrupt is ended once, by the run session (children killed,
    work committed, ``run_end`` written; :class:`fixloop.session.RunInterrupted` carries the
    result), and becomes an exit code once, in :func:`fixloop.ending.conclude`, which every
    command calls (and this entry point, for the moments before a command starts). What the
    commands add is what they say about it: ``fix`` reports the interrupted run's result (its
    panel, or its one ``--json`` object, also when the run had not started) and ``eval`` says
    how to resume. (:mod:`fixloop.ending`, not :mod:`fixloop.session`: a command that runs no
    agent in this process, ``eval``, then never imports the agent stack.)
    """
    from fixloop.ending import conclude

    ending = conclude(app)
    if ending.error is not None:
        say(f"fixloop: {ending.error}")
    sys.exit(ending.code)
