"""Tests of the fixloop.tools package (one module per module of the package)."""
