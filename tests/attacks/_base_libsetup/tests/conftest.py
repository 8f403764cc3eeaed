import pytest


class _Seen:
    """The project's own pytest plugin, registered by its conftest while pytest configures."""

    def __init__(self):
        self.names = []

    def pytest_runtest_logstart(self, nodeid, location):
        self.names.append(nodeid)


def pytest_configure(config):
    config.pluginmanager.register(_Seen(), "calc-seen")


@pytest.fixture
def quiet_cwd(monkeypatch):
    monkeypatch.setattr("os.getcwd", lambda: "/nowhere")
    yield
