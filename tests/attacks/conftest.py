# The attack fixtures are repositories and patched modules, not tests of fixloop.
collect_ignore = ["_base", "_base_cli", "variants", "load.py"]
