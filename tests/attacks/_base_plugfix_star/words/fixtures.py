"""Fixtures words ships for its users' tests, and uses in its own: a pytest plugin module."""
import pytest


@pytest.fixture
def plural_cases():
    return [("city", "cities"), ("dog", "dogs"), ("day", "days")]
