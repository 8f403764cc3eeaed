"""Notes kept in a SQLite file beside the code."""

import sqlite3
from pathlib import Path

DB = Path(__file__).resolve().parent / "notes.db"


def add(text: str) -> int:
    """Store a note; return how many notes there are."""
    with sqlite3.connect(DB) as con:
        con.execute("CREATE TABLE IF NOT EXISTS notes (text TEXT)")
        con.execute("INSERT INTO notes VALUES (?)", (text,))
        return con.execute("SELECT COUNT(*) FROM notes").fetchone()[0]


def title(text: str) -> str:
    """The first line of a note, at most 20 characters."""
    return text.splitlines()[0][:2]
