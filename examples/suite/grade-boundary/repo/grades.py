"""Letter grades for scores out of 100."""


def letter(score):
    """The letter for ``score``: A from 90, B from 80, C from 70, D from 60, else F."""
    if not 0 <= score <= 100:
        raise ValueError(f"score out of range: {score}")
    if score > 90:
        return "A"
    if score >= 80:
        return "B"
    if score >= 70:
        return "C"
    if score >= 60:
        return "D"
    return "F"
