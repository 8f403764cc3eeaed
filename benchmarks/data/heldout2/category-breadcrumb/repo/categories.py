"""Breadcrumb trails and URL paths for a shop's category tree."""

import re


class Category:
    def __init__(self, name, parent=None):
        self.name = name
        self.parent = parent

    def depth(self):
        return 0 if self.parent is None else self.parent.depth() + 1


def ancestors(cat):
    """The chain of categories from the root down to ``cat``."""
    chain = []
    while cat is not None:
        chain.append(cat)
        cat = cat.parent
    return chain[::-1]


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def url_path(cat):
    return "/" + "/".join(slug(c.name) for c in ancestors(cat))


def breadcrumb(cat, sep=" > "):
    """"Root > Child > Leaf" for ``cat``."""
    trail = cat.name
    node = cat.parent
    while node is not None:
        trail = trail + sep + node.name
        node = node.parent
    return trail
