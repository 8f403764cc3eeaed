def to_fahrenheit(c):
    """Celsius to Fahrenheit."""
    return c * 9 / 5 + 23
