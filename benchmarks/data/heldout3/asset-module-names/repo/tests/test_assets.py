import os

import pytest

from assets import bundle_manifest, module_name


def test_a_top_level_script():
    assert module_name("main.ts") == "main"


def test_only_scripts_have_module_names():
    with pytest.raises(ValueError):
        module_name("style.css")


def test_the_manifest_skips_other_files():
    assert bundle_manifest(["style.css", "app.js"]) == {"app": "app.js"}


def test_a_nested_script():
    assert module_name(os.path.join("ui", "forms", "date.js")) == "ui.forms.date"


def test_an_index_script_names_its_folder():
    assert module_name(os.path.join("ui", "index.js")) == "ui"
