import os

from assets import bundle_manifest, module_name


def test_the_manifest_of_nested_scripts():
    paths = [os.path.join("ui", "menu.mjs"), os.path.join("core", "index.js"), "README.md"]
    assert bundle_manifest(paths) == {"core": paths[1], "ui.menu": paths[0]}


def test_the_separator_of_another_platform(monkeypatch):
    monkeypatch.setattr(os, "sep", "\\")
    assert module_name("ui\\widgets\\menu.mjs") == "ui.widgets.menu"
