from words.fixtures import plural_cases  # noqa: F401  (the package's fixtures, shared with its users)
