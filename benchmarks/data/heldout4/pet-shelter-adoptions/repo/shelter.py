"""An animal shelter's pets: reserved for a visit, then adopted."""


class NotAvailable(Exception):
    """The pet is unknown, reserved by someone else, or already adopted."""


class Shelter:
    """Pets by id; ``available`` is the set of ids that can still be reserved or adopted."""

    def __init__(self, pets):
        self.names = dict(pets)
        self.available = set(self.names)
        self.reserved = {}
        self.adopted = []

    def reserve(self, pet_id, family):
        """Hold ``pet_id`` for ``family``'s visit."""
        if pet_id not in self.available:
            raise NotAvailable(pet_id)
        self.available.discard(pet_id)
        self.reserved[pet_id] = family

    def adopt(self, pet_id, family):
        """``family`` takes ``pet_id`` home (it must be available or reserved for them)."""
        if self.reserved.get(pet_id) == family:
            del self.reserved[pet_id]
        else:
            self.available.discard(pet_id)
        self.adopted.append(pet_id)
        return self.names[pet_id]
