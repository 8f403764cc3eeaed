"""Seed bank: accessions imported from donors' lists, with the duplicates set aside."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Accession:
    code: str
    species: str
    grams: float

    @property
    def key(self) -> str:
        """Codes are compared without case and spaces ("ab 12" is "AB12")."""
        return self.code.replace(" ", "").upper()


@dataclass
class Catalogue:
    accessions: list[Accession] = field(default_factory=list)
    duplicates: list[Accession] = field(default_factory=list)

    @classmethod
    def from_lines(cls, lines: list[str]) -> "Catalogue":
        """Lines of "code; species; grams" ("#" comments); the first line of a code wins."""
        catalogue = cls()
        seen: set[str] = set()
        for line in lines:
            if not line.strip() or line.startswith("#"):
                continue
            code, species, grams = (part.strip() for part in line.split(";"))
            item = Accession(code, species, float(grams))
            if item.key in seen:
                catalogue.duplicates.append(item)
                continue
            catalogue.accessions.append(item)
        return catalogue

    def species(self) -> list[str]:
        return sorted({a.species for a in self.accessions})

    def stock_g(self, species: str) -> float:
        return sum(a.grams for a in self.accessions if a.species == species)

    def withdraw(self, code: str, grams: float) -> None:
        """Take seed out of an accession for sowing (ValueError when there is too little)."""
        for i, a in enumerate(self.accessions):
            if a.key == code.replace(" ", "").upper():
                if grams > a.grams:
                    raise ValueError(f"only {a.grams} g of {a.code}")
                self.accessions[i] = Accession(a.code, a.species, a.grams - grams)
                return
        raise KeyError(code)
