from svcconfig import Settings


def test_as_dict_mixes_every_source():
    settings = Settings({"log_level": "warn", "port": 81}, {"APP_LOG_LEVEL": "debug", "APP_WORKERS": "8"})
    assert settings.as_dict() == {"port": 81, "debug": False, "workers": 8, "log_level": "debug"}


def test_the_environment_can_switch_debug_off():
    assert Settings({"debug": True}, {"APP_DEBUG": "off"}).get("debug") is False
