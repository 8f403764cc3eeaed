from ignorerules import is_ignored, kept


def test_negation_re_includes():
    rules = ["*.log", "!keep.log"]
    assert is_ignored("debug.log", rules)
    assert not is_ignored("keep.log", rules)


def test_the_last_matching_rule_wins():
    assert is_ignored("keep.log", ["!keep.log", "*.log"])


def test_anchored_pattern():
    rules = ["/build/*"]
    assert is_ignored("build/out.o", rules)
    assert not is_ignored("src/build.c", rules)


def test_kept_paths():
    rules = ["*.pyc", "secrets/*", "!secrets/README"]
    paths = ["a.py", "a.pyc", "secrets/key", "secrets/README"]
    assert kept(paths, rules) == ["a.py", "secrets/README"]
