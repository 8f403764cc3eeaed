"""The files that run inside the sandbox with the project's interpreter (stdlib only).

:mod:`fixloop.testrun.runner` reads their source and sends it as ``python -s -c PAYLOAD``, each
as a module named ``_fixloop_boot``, ``_fixloop_plain``, ``_fixloop_plugin``, ``_fixloop_audit``
(:mod:`.audithook`, the gate's audit hook), ``_fixloop_auditevents`` (:mod:`.auditevents`, the
event names it listens for, loaded before it), ``_fixloop_pathrules`` (:mod:`fixloop.pathrules`,
stdlib only: the one test-code rule, which the audit hook applies) or ``_fixloop_second`` (:mod:`.secondrunner`, the
second opinion's own test loop); nothing of the
fixloop package is imported inside the sandbox. They import here only for fixloop's own tests.
"""
