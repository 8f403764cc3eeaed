"""Theater box office: holding and selling seats of a seat map."""


class SeatTaken(Exception):
    """A seat asked for is not available."""


def seat_map(rows, per_row):
    """An empty map: seat label ('A1', 'A2', ..., 'B1', ...) -> None (free), 'held' or 'sold'."""
    return {f"{chr(ord('A') + r)}{n}": None for r in range(rows) for n in range(1, per_row + 1)}


def hold(seats, wanted):
    """Hold free seats while a customer decides; a held or sold seat raises SeatTaken."""
    for seat in wanted:
        if seats[seat] is not None:
            raise SeatTaken(seat)
        seats[seat] = "held"


def sell(seats, wanted):
    """Sell seats that are free or held (for this customer); a sold seat raises SeatTaken."""
    for seat in wanted:
        seats[seat] = "sold"


def free(seats):
    """Labels of the free seats, in map order."""
    return [s for s, state in seats.items() if state is None]
