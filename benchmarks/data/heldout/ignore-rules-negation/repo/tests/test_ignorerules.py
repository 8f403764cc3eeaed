from ignorerules import is_ignored, kept, parse_rules


def test_comments_and_blank_lines_are_not_rules():
    assert parse_rules("# build output\n\nbuild/\n  *.pyc \n") == ["build/", "*.pyc"]


def test_nothing_is_ignored_without_rules():
    assert not is_ignored("src/app.py", [])


def test_a_path_no_rule_matches_is_kept():
    assert kept(["a.py", "b.txt"], ["*.log"]) == ["a.py", "b.txt"]


def test_a_matching_pattern_ignores():
    assert is_ignored("logs/app.log", ["*.log"])
