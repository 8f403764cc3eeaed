"""User accounts and how their names are shown in mentions and mail headers."""

from dataclasses import dataclass, field


@dataclass
class Account:
    username: str
    email: str
    nickname: str | None = None
    roles: list = field(default_factory=list)

    def label(self):
        """The name shown to other users: the nickname when set, else the username."""
        return self.nickname

    def mention(self):
        return "@" + self.username

    def mail_from(self):
        return f'"{self.label()}" <{self.email}>'

    def is_admin(self):
        return "admin" in self.roles


def roster(accounts):
    """Labels sorted by username, case-insensitively."""
    return [a.label() for a in sorted(accounts, key=lambda a: a.username.lower())]
