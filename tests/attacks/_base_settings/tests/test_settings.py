import json

import settings


def test_load():
    assert settings.load()["theme"] in ("light", "dark")


def test_save_writes_the_settings_file():
    values = settings.load()
    try:
        settings.save(dict(values, theme="dark"))
        with open(settings.PATH, encoding="utf-8") as fh:
            assert json.load(fh)["theme"] == "dark"
    finally:
        settings.save(values)
