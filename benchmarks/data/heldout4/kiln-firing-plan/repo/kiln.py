"""A pottery kiln's firing plan: ramps in degrees C per hour up or down, then holds."""


def firing_plan(segments, room=20):
    """(steps, total minutes) of a firing; ``segments`` are (rate C/h, goal C, hold minutes).

    Each step is (goal, ramp minutes rounded, hold minutes); a goal below the current
    temperature is a controlled cool-down at the same kind of rate.
    """
    temp = room
    steps = []
    for rate, goal, hold in segments:
        if rate <= 0:
            raise ValueError("a ramp needs a positive rate")
        if goal >= temp:
            minutes = (goal - temp) / rate * 60
        else:
            minutes = (temp - target) / rate * 60
        steps.append((goal, round(minutes), hold))
        temp = goal
    total = sum(ramp + hold for _, ramp, hold in steps)
    return steps, total


def peak(segments, room=20):
    """The highest temperature the plan reaches."""
    return max([room] + [goal for _, goal, _ in segments])


def finish_text(total_minutes):
    """``"<h> h <mm> min"`` for the controller's display."""
    hours, minutes = divmod(total_minutes, 60)
    return f"{hours} h {minutes:02d} min"
