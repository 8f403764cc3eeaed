"""Consultations at a veterinary clinic: which vet can see one more animal today."""

from dataclasses import dataclass, field


@dataclass
class Vet:
    """A vet on today's rota.

    `max_consults` is how many consultations the vet takes today: None means no limit, 0 means
    the vet is on surgery duty and takes none.
    """

    name: str
    max_consults: int | None = None
    booked: list[str] = field(default_factory=list)


class Clinic:
    """Today's vets and their bookings."""

    def __init__(self, vets: list[Vet]):
        self.vets = vets

    def available(self) -> list[Vet]:
        """Vets who can take one more consultation, least booked first."""
        free = filter(lambda v: len(v.booked) < v.max_consults, self.vets)
        return sorted(free, key=lambda v: len(v.booked))

    def book(self, pet: str, vet_name: str | None = None) -> str:
        """Book `pet` with the named vet, or with the least booked available one.

        Raises LookupError when no (such) vet can take it.
        """
        candidates = self.available()
        if vet_name is not None:
            candidates = [v for v in candidates if v.name == vet_name]
        if not candidates:
            raise LookupError(f"no vet can see {pet}")
        vet = candidates[0]
        vet.booked.append(pet)
        return vet.name

    def cancel(self, pet: str) -> None:
        """Remove a booking; raises KeyError when the pet is not booked."""
        for vet in self.vets:
            if pet in vet.booked:
                vet.booked.remove(pet)
                return
        raise KeyError(pet)

    def day_list(self) -> dict[str, list[str]]:
        """Each vet's bookings, in booking order."""
        return {v.name: list(v.booked) for v in self.vets}
