"""A bus route as a linked list of stops; closed stops are taken out of the route."""

MAX_STOPS = 500  # routes are short; the walks below never follow more links than this


class Stop:
    """One stop of the route and the link to the next one."""

    def __init__(self, name, closed=False, next=None):
        self.name = name
        self.closed = closed
        self.next = next


def route(names, closed=()):
    """Build a route from stop names; those in ``closed`` are marked closed."""
    head = None
    for name in reversed(names):
        head = Stop(name, name in closed, head)
    return head


def names(head):
    """The stop names from ``head`` on."""
    out = []
    for _ in range(MAX_STOPS):
        if head is None:
            break
        out.append(head.name)
        head = head.next
    return out


def without_closed(head):
    """Unlink the closed stops; return the new first stop (None when all are closed)."""
    for _ in range(MAX_STOPS):
        if head is None or not head.closed:
            break
        head = head.next
    if head is None:
        return None
    prev, node = head, head.next
    for _ in range(MAX_STOPS):
        if node is None:
            break
        if node.closed:
            prev.next = node.next
        node = node.next
    return head
