"""``python -m fixloop``: the same as the ``fixloop`` command."""

from fixloop.cli import main

if __name__ == "__main__":
    main()
