"""Converting temperatures between Celsius and Fahrenheit."""


def to_fahrenheit(celsius):
    """Degrees Fahrenheit for ``celsius`` degrees Celsius."""
    return celsius * 9 / 5 - 32


def to_celsius(fahrenheit):
    """Degrees Celsius for ``fahrenheit`` degrees Fahrenheit."""
    return (fahrenheit - 32) * 5 / 9
