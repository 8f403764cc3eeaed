"""The settings of the model's view (issue 15): disable_tools and repo_map_tokens in the config,
and what turning each off does to the tool set."""

from __future__ import annotations

from pathlib import Path

import pytest

from fixloop.config import load_settings
from fixloop.errors import ConfigError
from fixloop.tools import Tools
from fixloop.tools.specs import OPTIONAL_TOOLS, TOOL_NAMES
from fixloop.workspace import Workspace


def _settings(tmp_path: Path, text: str):
    (tmp_path / "fixloop.toml").write_text(text)
    env = {"XDG_CONFIG_HOME": str(tmp_path / "xdg")}
    return load_settings(tmp_path, {}, env=env)[0]


def test_settings_turn_view_tools_off_and_refuse_the_core_six(tmp_path: Path) -> None:
    s = _settings(tmp_path, 'disable_tools = ["lint", "edit_lint"]\nrepo_map_tokens = 0\n')
    assert s.disable_tools == ["lint", "edit_lint"] and s.to_caps().repo_map_tokens == 0
    with pytest.raises(ConfigError, match="cannot turn off 'edit_file'"):
        _settings(tmp_path, 'disable_tools = ["edit_file"]\n')
    assert set(OPTIONAL_TOOLS) - {"edit_lint"} <= set(TOOL_NAMES)


def test_a_disabled_tool_is_not_offered_and_is_unknown(make_repo) -> None:
    repo = make_repo({"m.py": "def f():\n    return 1\n"})
    t = Tools(Workspace(repo), None, disabled=["lint", "replace_symbol", "edit_lint"])
    names = [s["name"] for s in t.specs()]
    assert "lint" not in names and "replace_symbol" not in names and "type_check" in names
    res = t.call("replace_symbol", {"path": "m.py", "symbol": "f", "new_source": "def f(): pass\n"})
    assert res.kind == "unknown_tool" and "- replace_symbol" not in res.content
    edited = t.call("edit_file", {"path": "m.py", "old": "return 1", "new": "return g()"})
    assert not edited.is_error and "Lint after this edit" not in edited.content
    on = Tools(Workspace(repo), None)
    again = on.call("edit_file", {"path": "m.py", "old": "return g()", "new": "return h()"})
    assert "m.py:2:F821:Undefined name `h`" in again.content
