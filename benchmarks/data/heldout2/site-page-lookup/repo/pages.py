"""Pages of a static site: Markdown files under a content folder, looked up by slug."""

import os
import re

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class PageNotFound(Exception):
    """No page file exists for a slug."""

    def __init__(self, slug):
        super().__init__(f"no page {slug!r}")
        self.slug = slug


def page_path(root, slug):
    return os.path.join(root, slug + ".md")


def load_page(root, slug):
    """The page ``slug`` as {"slug", "title", "body"}; its first line is the title."""
    if not _SLUG.match(slug):
        raise ValueError(f"bad slug {slug!r}")
    path = page_path(root, slug)
    if not os.path.isfile(path):
        raise PageNotFound(page_slug)
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    title, _, body = text.partition("\n")
    return {"slug": slug, "title": title.lstrip("#").strip(), "body": body.strip()}


def list_slugs(root):
    return sorted(name[:-3] for name in os.listdir(root) if name.endswith(".md"))
