"""The verification gate: the only code in fixloop that decides success.

The model's claim of being done is never trusted (../shared/DESIGN.md, rule 2). On each claim the
gate:

1. compares every protected file (:func:`fixloop.workspace.is_protected`: test files, test
   configuration, auto-loaded files) in the worktree with the base commit, including deleted and
   new files, and restores any change (new ones are deleted);
2. refuses new files that Python or pytest load by themselves (:func:`~fixloop.workspace.is_autoload`):
   they are deleted and flagged;
3. builds the candidate commit's tree from the tools' changed paths alone
   (:func:`fixloop.candidate.build_candidate`: no test by-products, caches or git-ignored files;
   protected, blocked and auto-loaded paths left out), refuses a tree equal to the base (a run
   that changed nothing is never verified), checks that exact tree out into a fresh, writable,
   disposable folder (:func:`fixloop.candidate.checkout_tree`) and runs the full suite there in
   pristine mode (``runner.run("", pristine=True, root=checkout, writable=True)``), in the
   sandbox, each run's wall clock capped by the run's remaining budget (``deadline``);
4. requires at least the baseline's collected count (removed tests cannot make a suite green),
   every test that ran at the baseline to run or be skipped now, by its id ("no longer
   collected": a test renamed through a parametrize id, deselected or left uncollected by the
   change while another takes its place keeps the count), no more skipped tests than a baseline
   that ran and no skipped test that ran at that baseline (a swap keeps the count), and
   ``report.ok`` (outcome passed, >= 1 test). Ids are pytest's node ids from the run's result
   stream (JUnit's ``classname.name`` only where there is no stream; ids two tests share are
   named, and a pass never hides a failure), with the checkout's folder replaced by ``<tree>``;
   then runs the baseline's failing tests again until they have passed ``repeats`` times in all
   (the full run counts as one; setting ``gate_repeats``, default 3): a flaky pass is not a fix;
5. reads the change to the code under test (:mod:`fixloop.tamper`): a patch that adds a way into
   the running test framework (importing pytest, patching ``sys.modules``, asking for
   ``PYTEST_CURRENT_TEST``, walking ``__subclasses__``, climbing frames, exiting at exit...) is
   not verified, since in-process code could alter what the suite reports and no sandbox can
   stop that;
6. watches the run while it happens (:mod:`fixloop.testrun.audit`): the full-suite run carries
   a PEP 578 audit hook told which lines the change added; frame access, heap walks, ctypes,
   tracers, changes to pytest, writes to the result files, signals to itself, and an exit that
   skips the end of the run are findings, and any finding refuses the claim;
7. asks for a second opinion (:mod:`fixloop.testrun.secondopinion`): the baseline's failing
   tests run again in a fresh process through fixloop's own runner, which judges each test by
   its function's return or exception, not by pytest's reports. Both must say "passed".

Layers 6 and 7 need a runner that can watch (:class:`fixloop.protocols.WatchedRunner`, the real
:class:`fixloop.testrun.TestRunner`); test doubles get layers 1-5. docs/architecture.md says
which cheats each layer stops and which remain possible.

The verdict names the tree it checked (``Verdict.tree``); the run's session commits exactly
that tree (:func:`fixloop.candidate.commit_tree`), so the branch holds what the gate ran.

The package, by concern (the session, the tests and the benchmarks import :class:`Gate` from
here):

- :mod:`fixloop.gate.decision`: :class:`Gate` itself, the order of the checks and which one
  decides a claim;
- :mod:`fixloop.gate.policy`: what the change is (git's view of the work tree against the base
  commit, the tools' written bytes), the protected-file restore, the candidate and the write
  rules it breaks (layers 1, 2, 3's candidate, 5);
- :mod:`fixloop.gate.manifests`: under ``--approve deps``, the approved dependency-only
  ``pyproject.toml`` that may enter the commit, and the finding that names any other change
  (:mod:`fixloop.depfiles`'s rule, against the base commit);
- :mod:`fixloop.gate.runs`: the fresh checkout's test runs (budget, recording, repeats, the
  second opinion; layers 3, 4, 6, 7);
- :mod:`fixloop.gate.reasons`: the verdict's sentences;
- :mod:`fixloop.gate.autoload`: the check that reads what the gate's run recorded (a changed
  file Python or pytest loaded by itself).
"""

from fixloop.gate.decision import Gate, PathRule

__all__ = ["Gate", "PathRule"]
