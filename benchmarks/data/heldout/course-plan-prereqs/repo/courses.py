"""Plan the semesters in which courses can be taken, given their prerequisites."""


class CycleError(ValueError):
    """Raised when prerequisites form a cycle."""


def all_courses(prereqs):
    """Every course named in ``prereqs``, as keys or as prerequisites."""
    courses = set(prereqs)
    for reqs in prereqs.values():
        courses.update(reqs)
    return courses


def plan_semesters(prereqs):
    """Group courses into semesters; a course comes after all of its prerequisites.

    ``prereqs`` maps a course to the list of courses it requires. Returns a list of
    sorted lists, one per semester, each course as early as possible.
    """
    courses = all_courses(prereqs)
    pending = {c: 0 for c in courses}
    unlocks = {c: [] for c in courses}
    for course, reqs in prereqs.items():
        for req in set(reqs):
            pending[course] += 1
            unlocks[req].append(course)
    current = sorted(c for c in courses if pending[c] == 0)
    semesters = []
    placed = 0
    while current:
        semesters.append(current)
        placed += len(current)
        following = []
        for course in current:
            for later in unlocks[course]:
                if pending[later] == 0:
                    following.append(later)
        current = sorted(following)
    if placed != len(courses):
        raise CycleError("prerequisites form a cycle")
    return semesters


def semester_of(prereqs, course):
    """The 1-based semester in which ``course`` is taken."""
    for number, group in enumerate(plan_semesters(prereqs), start=1):
        if course in group:
            return number
    raise KeyError(course)
