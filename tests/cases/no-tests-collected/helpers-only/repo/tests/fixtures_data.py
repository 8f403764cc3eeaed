TITLES = ["Hello World", "Two  Spaces"]


def sample_title():
    return TITLES[0]
