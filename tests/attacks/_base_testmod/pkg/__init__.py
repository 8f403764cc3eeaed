"""A package that re-exports its functions (as toolz does)."""
from .funcs import *  # noqa: F403
