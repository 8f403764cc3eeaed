"""How a forum shows who wrote a post."""


def author_label(user):
    """The name shown for ``user``: the display name, else the login.

    ``user`` is a dict with a ``login`` and maybe a ``display_name`` (absent, None or empty
    when the user never set one).
    """
    name = user.get("display_name")
    if user.get("moderator"):
        name += " (mod)"
    return name


def mention(user):
    """``@login``: mentions always use the login, whatever the display name."""
    return "@" + user["login"]


def byline(post, users):
    """``"<label> on <date>"`` for a post dict with ``author`` (a login) and ``date``."""
    user = users.get(post["author"])
    if user is None:
        return f"[deleted] on {post['date']}"
    return f"{author_label(user)} on {post['date']}"
