from refs import by_project, release_note, tickets


def test_reference_at_the_start():
    assert tickets("WEB-007: fix login") == ["WEB-7"]


def test_no_reference():
    assert tickets("bump version") == []
    assert release_note("bump version\n\nno ticket") == "- bump version"


def test_reference_in_the_middle():
    assert tickets("Fix crash on save, closes API-42") == ["API-42"]
    assert by_project(["OPS-3 rotate keys", "rotate again (OPS-1, OPS-3)"]) == {"OPS": [1, 3]}
