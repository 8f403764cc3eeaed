"""Running the project's tests and reading the result into a :class:`fixloop.types.TestReport`.

- :mod:`fixloop.testrun.runner`: :class:`TestRunner` (the test command in the sandbox) and
  :func:`find_python`;
- :mod:`fixloop.testrun.classify`: a finished run read into its report (the outcome
  classification);
- :mod:`fixloop.testrun.output`: scanning pytest's output, the failure signature, capped output;
- :mod:`fixloop.testrun.junit`: reading the JUnit XML and the progress lines back;
- :mod:`fixloop.testrun.inside`: the files that run inside the sandbox (bootstrap, pytest
  progress plugin, the plain runner for interpreters without pytest).
"""

from fixloop.testrun.junit import MAX_JUNIT_BYTES, read_junit, read_progress
from fixloop.testrun.output import (
    assertion_line,
    collection_error_locations,
    compose_output,
    exception_type,
    failure_signature,
    scan_output,
)
from fixloop.testrun.runner import (
    DEFAULT_TEST_CMD,
    TestRunner,
    discover_python,
    find_python,
    parse_test_cmd,
    pytest_args,
)

__all__ = [
    "DEFAULT_TEST_CMD",
    "MAX_JUNIT_BYTES",
    "TestRunner",
    "assertion_line",
    "collection_error_locations",
    "compose_output",
    "exception_type",
    "failure_signature",
    "discover_python",
    "find_python",
    "parse_test_cmd",
    "pytest_args",
    "read_junit",
    "read_progress",
    "scan_output",
]
