"""Turn rows of a delimited file into records keyed by the header."""


def parse_line(line, sep=","):
    """Cells of one line, blanks around each cell dropped."""
    return [cell.strip() for cell in line.split(sep)]


def to_record(header, cells):
    """A dict of header -> cell; ValueError when the row has too few or too many cells."""
    return dict(zip(header, cells), strict=True)


def read_records(text, sep=","):
    """The records of ``text`` (first line: header); blank lines skipped."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        return []
    header = parse_line(lines[0], sep)
    return [to_record(header, parse_line(line, sep)) for line in lines[1:]]


def column(records, name):
    """The values of one column, in record order."""
    return [r[name] for r in records]
