from pathlib import Path

from slug import slug

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"


def check_snapshot(name: str, value: str) -> None:
    """Compare with the stored snapshot; the first run writes it (not committed)."""
    SNAPSHOTS.mkdir(exist_ok=True)
    path = SNAPSHOTS / f"{name}.txt"
    if not path.exists():
        path.write_text(value, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == value


def test_snapshot_of_the_title_length():
    check_snapshot("length", str(len("Hello, World!")))


def test_slug():
    assert slug("Hello, World!") == "hello-world"
