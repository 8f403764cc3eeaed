import pytest
from words import LANG


@pytest.fixture(autouse=True)
def english():
    token = LANG.set("en")
    yield
    LANG.reset(token)
