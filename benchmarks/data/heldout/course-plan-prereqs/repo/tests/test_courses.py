import pytest

from courses import CycleError, all_courses, plan_semesters


def test_courses_without_prerequisites_share_one_semester():
    assert plan_semesters({"math": [], "art": [], "music": []}) == [["art", "math", "music"]]


def test_no_courses_no_semesters():
    assert plan_semesters({}) == []


def test_cycle_is_reported():
    with pytest.raises(CycleError):
        plan_semesters({"a": ["b"], "b": ["a"]})


def test_all_courses_includes_prerequisites_only_named_as_such():
    assert all_courses({"physics2": ["physics1"]}) == {"physics1", "physics2"}


def test_a_chain_takes_one_semester_per_course():
    plan = plan_semesters({"calc2": ["calc1"], "calc3": ["calc2"]})
    assert plan == [["calc1"], ["calc2"], ["calc3"]]
