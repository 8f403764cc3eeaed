"""fixloop: a coding agent that makes failing tests pass, and proves it.

The public Python API is :class:`fixloop.api.CodingAgent`; the command line is ``fixloop``.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
