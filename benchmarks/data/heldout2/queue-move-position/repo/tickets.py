"""A support ticket queue that agents can reorder; positions are 1-based as shown in the UI."""


class QueueError(Exception):
    """An operation on a ticket that is not (or already) queued."""


class TicketQueue:
    def __init__(self, ids=()):
        self._ids = []
        for ticket_id in ids:
            self.add(ticket_id)

    def add(self, ticket_id):
        if ticket_id in self._ids:
            raise QueueError(f"{ticket_id} is already queued")
        self._ids.append(ticket_id)

    def position(self, ticket_id):
        try:
            return self._ids.index(ticket_id) + 1
        except ValueError:
            raise QueueError(f"{ticket_id} is not queued") from None

    def move(self, ticket_id, position):
        """Put the ticket at 1-based ``position`` (past the end: last)."""
        if position < 1:
            raise QueueError("positions start at 1")
        self.position(ticket_id)
        self._ids.remove(ticket_id)
        self._ids.insert(position, ticket_id)

    def take(self):
        if not self._ids:
            raise QueueError("the queue is empty")
        return self._ids.pop(0)

    def ids(self):
        return list(self._ids)
