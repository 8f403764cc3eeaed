import pytest

from courses import CycleError, plan_semesters, semester_of


def test_two_prerequisites_wait_for_the_later_one():
    prereqs = {"b": ["a"], "c": ["b"], "d": ["a", "c"]}
    assert plan_semesters(prereqs) == [["a"], ["b"], ["c"], ["d"]]


def test_diamond():
    prereqs = {"b": ["a"], "c": ["a"], "d": ["b", "c"]}
    assert plan_semesters(prereqs) == [["a"], ["b", "c"], ["d"]]


def test_a_prerequisite_listed_twice_counts_once():
    assert plan_semesters({"stats": ["prob", "prob"]}) == [["prob"], ["stats"]]


def test_semester_of_a_course_with_three_prerequisites():
    prereqs = {"thesis": ["methods", "writing", "stats"], "stats": ["methods"]}
    assert semester_of(prereqs, "thesis") == 3


def test_cycle_behind_a_valid_start_is_reported():
    with pytest.raises(CycleError):
        plan_semesters({"b": ["a"], "c": ["b", "d"], "d": ["c"]})
