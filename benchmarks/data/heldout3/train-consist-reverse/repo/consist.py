"""A train as a linked list of cars, from the locomotive end."""

MAX_CARS = 200


class Car:
    """One car: its number and the car coupled behind it (None at the tail)."""

    def __init__(self, number, behind=None):
        self.number = number
        self.behind = behind


def build(numbers):
    """Couple cars with ``numbers`` in order and return the head car (None for no cars)."""
    head = None
    for number in reversed(numbers):
        head = Car(number, head)
    return head


def walk(head):
    """The cars from ``head`` to the tail, as a list; ValueError when the couplings loop."""
    cars = []
    car = head
    for _ in range(MAX_CARS):
        if car is None:
            return cars
        cars.append(car)
        car = car.behind
    raise ValueError(f"more than {MAX_CARS} cars: the couplings loop")


def numbers(head):
    """The car numbers from ``head`` to the tail."""
    return [car.number for car in walk(head)]


def turn(head):
    """Reverse the train in place (as on a turning loop) and return the new head car."""
    prev = None
    for car in walk(head):
        car.behind = prev
    return prev


def uncouple_after(head, number):
    """Detach the cars behind car ``number`` and return the detached part's head.

    Raises KeyError when no car has that number.
    """
    for car in walk(head):
        if car.number == number:
            rest = car.behind
            car.behind = None
            return rest
    raise KeyError(number)
