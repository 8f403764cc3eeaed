"""Human-readable name lists for notifications: "Ann, Bo and Cy like your post"."""


def join_names(names, conjunction="and"):
    """Names joined with commas and ``conjunction`` before the last one; blanks dropped."""
    names = [n.strip() for n in names if n and n.strip()]
    if len(names) == 0:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {conjunction} " + names[-1]


def summarize(names, limit=3):
    """At most ``limit`` entries: the first names, then "N others"."""
    names = [n for n in names if n and n.strip()]
    if len(names) <= limit:
        return join_names(names)
    shown = names[: limit - 1]
    rest = len(names) - len(shown)
    return join_names(shown + [f"{rest} others"])


def liked_message(names):
    names = [n for n in names if n and n.strip()]
    if not names:
        return "No likes yet"
    verb = "likes" if len(names) == 1 else "like"
    return f"{summarize(names)} {verb} your post"
