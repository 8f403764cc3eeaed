"""A translation agency's glossary builder: terms marked in source texts, at their first use."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

TERM = re.compile(r"\[\[([^\]]+)\]\]")  # the project manager marks terms [[like this]]


@dataclass(frozen=True)
class Term:
    text: str
    document: str
    line: int


def marked_terms(document: str, text: str) -> Iterator[Term]:
    """Every marked term of a document, in reading order (repeats included)."""
    for number, line in enumerate(text.splitlines(), start=1):
        for match in TERM.finditer(line):
            yield Term(match.group(1).strip(), document, number)


def first_uses(terms: Iterable[Term]) -> Iterator[Term]:
    """Each term once, where it is first used; terms differing only in case are the same."""
    seen: set[str] = set()
    for term in terms:
        key = term.text.casefold()
        if key in seen:
            continue
        yield term


class Glossary:
    """The glossary of one job: source documents and the translations agreed so far."""

    def __init__(self) -> None:
        self.documents: dict[str, str] = {}
        self.agreed: dict[str, str] = {}

    def add_document(self, name: str, text: str) -> None:
        """Add a source document (its name and text)."""
        self.documents[name] = text

    def entries(self) -> list[Term]:
        """The terms to translate at their first uses, documents in the order added."""
        found = (t for name, text in self.documents.items() for t in marked_terms(name, text))
        return list(first_uses(found))

    def agree(self, term: str, translation: str) -> None:
        """Record the client's translation of a term."""
        self.agreed[term.casefold()] = translation

    def open_terms(self) -> list[str]:
        """Terms without an agreed translation yet, in glossary order."""
        return [t.text for t in self.entries() if t.text.casefold() not in self.agreed]
