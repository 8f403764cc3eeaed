"""A day of a rooftop solar array: hourly output in watts, None where the meter was offline."""


def summary(hourly):
    """(total watt-hours, mean watts over the reported hours, hour of the peak) of a day.

    ``hourly`` lists one reading per hour from midnight; hours without a reading (None) are
    left out of the total and the mean. An empty or silent day gives (0, 0.0, None).
    """
    total = 0
    reported = 0
    peak_hour, peak = None, -1
    for hour, watts in enumerate(hourly):
        total += watts
        reported += 1
        if watts > peak:
            peak_hour, peak = hour, watts
    mean = total / reported if reported else 0.0
    return total, round(mean, 1), peak_hour


def kwh(hourly):
    """The day's energy in kilowatt-hours, to 0.01."""
    return round(summary(hourly)[0] / 1000, 2)


def offline_hours(hourly):
    """The hours with no reading."""
    return [hour for hour, watts in enumerate(hourly) if watts is None]
