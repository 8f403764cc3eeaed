import json
import pathlib

import pytest

_STATE = pathlib.Path(__file__).with_name("state.json")


@pytest.fixture(autouse=True, scope="session")
def _count_sessions():
    data = json.loads(_STATE.read_text(encoding="utf-8"))
    yield
    data["sessions"] += 1
    _STATE.write_text(json.dumps(data), encoding="utf-8")
