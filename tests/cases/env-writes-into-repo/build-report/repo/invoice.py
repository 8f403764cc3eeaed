"""Invoice lines and a CSV export of them."""

from pathlib import Path


def line(name: str, cents: int) -> str:
    """One invoice line: the name and the amount in euros with two decimals."""
    return f"{name};{cents / 100:.1f}"


def export(lines: list[str], path: Path) -> int:
    """Write ``lines`` to ``path`` (creating its folder); return the number written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)
