"""The ``fixloop eval`` command.

``register(app)`` adds ``eval`` to the ``fixloop`` Typer app; ``fixloop/cli.py`` calls it. The
heavy modules (runner, report) are imported only when the command runs, so registering never fails
while they are being built or when an optional dependency is missing.

Exit codes: 0 when every run finished (resolved or not), 2 for a usage or suite error (one line on
stderr), 3 when the environment cannot run the eval (no sandbox).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fixloop.errors import UsageError


def register(app: typer.Typer) -> None:
    """Add the ``eval`` command to ``app``.

    Args:
        app: the ``fixloop`` :class:`typer.Typer` application.
    """

    @app.command("eval")
    def eval_command(
        suite: Annotated[
            Path, typer.Argument(help="Suite folder: suite.toml + one folder per task.")
        ],
        model: Annotated[
            str, typer.Option("--model", "-m", help="Model spec, as for `fix`.")
        ] = "auto",
        epochs: Annotated[int, typer.Option("--epochs", "-k", min=1, help="Runs per task.")] = 1,
        jobs: Annotated[
            int,
            typer.Option(
                "--jobs", "-j", min=1, help="Parallel runs (local executor; Ray uses its CPUs)."
            ),
        ] = 1,
        cpus_per_run: Annotated[
            int | None,
            typer.Option(
                "--cpus-per-run",
                min=1,
                help="Each run's CPU budget (Ray's num_cpus); its repair workers follow it. "
                "Locally the runs share jobs x N pinned cores. Default: cores / jobs locally, "
                "1 on Ray.",
            ),
        ] = None,
        out: Annotated[
            Path | None,
            typer.Option("--out", "-o", help="Output folder (default: eval-out/<suite>-<model>)."),
        ] = None,
        tasks: Annotated[
            str | None,
            typer.Option("--tasks", "-t", help="Comma-separated task ids or glob patterns."),
        ] = None,
        timeout: Annotated[
            float, typer.Option("--timeout", min=1.0, help="Wall-clock limit of one run, seconds.")
        ] = 600.0,
        sandbox: Annotated[
            str, typer.Option("--sandbox", help="Sandbox kind for the agent and for scoring.")
        ] = "auto",
        allow_unsandboxed: Annotated[
            bool,
            typer.Option(
                "--allow-unsandboxed", help="Explicitly allow --sandbox none (no isolation)."
            ),
        ] = False,
        keep: Annotated[
            bool, typer.Option("--keep", help="Keep each run's temporary folders.")
        ] = False,
        quiet: Annotated[
            bool, typer.Option("--quiet", "-q", help="No progress bar or table.")
        ] = False,
        variant: Annotated[
            list[str] | None,
            typer.Option(
                "--variant",
                help="NAME:KEY=VALUE[,KEY=VALUE...]: run the suite under these settings too "
                "(repeatable; keys: model, max_steps, ...); reports compare the variants.",
            ),
        ] = None,
        variants_file: Annotated[
            Path | None,
            typer.Option("--variants", help="A TOML file with a [variants] table."),
        ] = None,
        executor: Annotated[
            str,
            typer.Option(
                "--executor",
                help="local (this machine, --jobs at once) or ray (a Ray cluster; "
                "pip install 'fixloop[ray]').",
            ),
        ] = "local",
        ray_address: Annotated[
            str | None,
            typer.Option(
                "--ray-address",
                help="The Ray cluster: auto, HOST:PORT or ray://HOST:PORT (default: a local one).",
            ),
        ] = None,
    ) -> None:
        """Run the agent on every task of SUITE, score it with the hidden tests, write a report."""
        from fixloop.ending import conclude  # not fixloop.session: no agent stack here
        from fixloop.eval.runner import EvalConfig, EvalStopped, run_eval

        stopped: list[EvalStopped] = []  # what Ctrl-C left recorded, once OUT was made

        def run() -> None:
            if sandbox == "none" and not allow_unsandboxed:
                raise UsageError(
                    "--sandbox none runs code under test with your privileges; add "
                    "--allow-unsandboxed to do it anyway"
                )
            cfg = EvalConfig(
                suite=suite,
                model=model,
                epochs=epochs,
                jobs=jobs,
                cpus_per_run=cpus_per_run,
                out=out,
                tasks=tasks,
                timeout_s=timeout,
                sandbox=sandbox,
                quiet=quiet,
                keep=keep,
                variants=tuple(variant or ()),
                variants_file=variants_file,
                executor=executor,
                ray_address=ray_address,
            )
            try:
                run_eval(cfg)
            except EvalStopped as exc:
                stopped.append(exc)
                raise

        ending = conclude(run)  # the one place an interrupt or an error becomes an exit code
        if ending.interrupted:
            said = stopped[0].line() if stopped else "interrupted before any run started"
            typer.echo(f"fixloop eval: {said}", err=True)
        elif ending.error is not None:
            typer.echo(f"fixloop eval: {ending.error}", err=True)
        raise typer.Exit(ending.code)
