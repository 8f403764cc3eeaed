pytest_plugins = ["words.fixtures"]
