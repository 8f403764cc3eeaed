"""Tests of fixloop.testrun.junit: node ids read back from JUnit XML."""

from __future__ import annotations

from fixloop.testrun import (
    read_junit,
)


def test_read_junit_node_ids(tmp_path):
    xml = tmp_path / "j.xml"
    xml.write_text(
        "<testsuites><testsuite>"
        '<testcase classname="tests.test_a.TestX" name="test_p[1-2]" file="tests/test_a.py"/>'
        '<testcase classname="tests.test_a" name="test_f" file="tests/test_a.py">'
        '<failure message="assert 0">t</failure></testcase>'
        '<testcase classname="" name="tests.test_b" file="tests/test_b.py">'
        '<error message="collection failure">x</error></testcase>'
        "</testsuite></testsuites>"
    )
    j = read_junit(xml)
    assert j is not None
    assert [(c.id, c.kind) for c in j.cases] == [
        ("tests/test_a.py::TestX::test_p[1-2]", "passed"),
        ("tests/test_a.py::test_f", "failed"),
        ("tests/test_b.py", "collect_error"),
    ]
    (tmp_path / "bad.xml").write_text("<testsuites")
    assert read_junit(tmp_path / "bad.xml") is None
    assert read_junit(tmp_path / "missing.xml") is None
