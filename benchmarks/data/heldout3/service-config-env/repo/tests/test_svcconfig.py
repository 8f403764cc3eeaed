import pytest

from svcconfig import Settings


def test_defaults_apply():
    assert Settings({}, {}).get("port") == 8080


def test_the_file_wins_over_defaults():
    assert Settings({"workers": 4}, {}).get("workers") == 4


def test_unknown_settings_in_the_file_are_refused():
    with pytest.raises(KeyError):
        Settings({"colour": "blue"}, {})


def test_the_environment_wins_over_the_file():
    assert Settings({"port": 9000}, {"APP_PORT": "7000"}).get("port") == 7000


def test_a_boolean_from_the_environment():
    assert Settings({}, {"APP_DEBUG": "yes"}).get("debug") is True
