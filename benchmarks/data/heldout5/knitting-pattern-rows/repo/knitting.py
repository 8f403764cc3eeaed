"""Knitting patterns: the instruction of each row of a repeat, and stitch counts."""


def _instruction(rows, index):
    """The instruction at 0-based `index`, counting on through the repeat as often as needed."""
    return rows[index % len(rows)].strip()


def parse(pattern):
    """The instructions of a pattern repeat, one per non-empty line."""
    return [line for line in pattern.splitlines() if line.strip()]


def row_instruction(pattern, row):
    """The instruction of knitted row `row`, rows numbered from 1 (the repeat starts over)."""
    rows = parse(pattern)
    return f"Row {row}: {_instruction(rows, row)}"


def stitches(instruction):
    """Stitches worked in an instruction like 'k2 p2 k4' (knits and purls added up)."""
    total = 0
    for part in instruction.split():
        if part[0] in "kp" and part[1:].isdigit():
            total += int(part[1:])
    return total


def rows_until(pattern, row, word):
    """Rows from `row` (itself included) to the next row whose instruction holds `word`."""
    rows = parse(pattern)
    for step in range(len(rows)):
        if word in _instruction(rows, row - 1 + step):
            return step
    return None
