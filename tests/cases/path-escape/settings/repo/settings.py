VERSION = "2.3"


def load(text):
    return dict(line.split("=", 1) for line in text.splitlines())
