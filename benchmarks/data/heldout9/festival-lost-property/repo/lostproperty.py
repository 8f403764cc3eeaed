"""Festival lost property: tags mentioned in stewards' notes, matched to the items held."""

import re
from dataclasses import dataclass, field

TAG = re.compile(r"^LP(\d{4})")


def tags_in(note: str) -> list[str]:
    """The lost-property tags ("LP" and four digits) a note mentions, in order."""
    return ["LP" + digits for digits in TAG.findall(note)]


@dataclass
class Item:
    tag: str
    description: str
    claimed_by: str = ""


@dataclass
class Office:
    items: dict[str, Item] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def log_item(self, tag: str, description: str) -> None:
        if not re.fullmatch(r"LP\d{4}", tag):
            raise ValueError(f"bad tag {tag!r}")
        self.items[tag] = Item(tag, description)

    def add_note(self, note: str) -> None:
        self.notes.append(note)

    def mentioned(self) -> list[str]:
        """Tags of the items held that some note mentions, sorted."""
        seen = {tag for note in self.notes for tag in tags_in(note)}
        return sorted(tag for tag in seen if tag in self.items)

    def claim(self, tag: str, name: str) -> Item:
        item = self.items[tag]
        if item.claimed_by:
            raise ValueError(f"{tag} was claimed by {item.claimed_by}")
        item.claimed_by = name
        return item

    def unclaimed(self) -> list[str]:
        return sorted(tag for tag, item in self.items.items() if not item.claimed_by)
