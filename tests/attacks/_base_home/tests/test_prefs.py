import os

from prefs import get, save


def test_saved_false_is_kept():
    save("color", False)
    assert get("color", True) is False


def test_prefs_live_in_home():
    save("x", 1)
    assert os.path.exists(os.path.join(os.path.expanduser("~"), ".wordsprefs.json"))
