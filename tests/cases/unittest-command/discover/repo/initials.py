def initials(name):
    """The upper-case initials of a name: "ada lovelace" -> "AL"."""
    return "".join(part[0] for part in name.split()).lower()
