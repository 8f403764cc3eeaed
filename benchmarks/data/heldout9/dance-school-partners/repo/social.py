"""Dance school: pairing leaders and followers as they arrive at a social dance."""

from dataclasses import dataclass, field

ROLES = ("lead", "follow")


@dataclass
class Social:
    """Arrivals are paired first come, first served; the unpaired wait in their role's line."""

    leads: list[str] = field(default_factory=list)
    follows: list[str] = field(default_factory=list)
    couples: list[tuple[str, str]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def arrive(self, name: str, role: str) -> None:
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}")
        if role == "lead":
            if self.follows:
                self.couples.append((name, self.follows.pop(0)))
            else:
                self.log.append(f"{name} waits to lead")
                self.leads.append(name)
        else:
            if self.leads:
                self.couples.append((self.leads.pop(0), name))
            else:
                self.log.append(f"{name} waits to follow")

    def leave(self, name: str) -> None:
        """Someone waiting goes home."""
        for line in (self.leads, self.follows):
            if name in line:
                line.remove(name)
                return
        raise KeyError(name)

    def waiting(self) -> dict[str, int]:
        return {"lead": len(self.leads), "follow": len(self.follows)}


def rotation(couples: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The next dance's couples: each follower moves on to the next leader."""
    if not couples:
        return []
    follows = [f for _, f in couples]
    return [(lead, follows[i - 1]) for i, (lead, _) in enumerate(couples)]
