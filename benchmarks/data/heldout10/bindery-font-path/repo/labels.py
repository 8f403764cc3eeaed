"""A bookbinding workshop's label printer: cover labels, and fonts found along a search path."""

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ENV_VAR = "BINDERY_FONT_PATH"
DEFAULT_FOLDER = Path("/usr/share/bindery/fonts")
FONT_SUFFIXES = (".otf", ".ttf")


def search_path(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The folders of BINDERY_FONT_PATH in order, separated as in PATH, blanks dropped;
    the workshop's default folder when the variable is unset or blank."""
    env = os.environ if environ is None else environ
    value = env.get(ENV_VAR, "")
    if not value.strip():
        return [DEFAULT_FOLDER]
    return [Path(part) for part in value.split(";") if part]


def find_font(name: str, folders: list[Path]) -> Path | None:
    """The first font file called `name` (.otf before .ttf) along `folders`, None if none."""
    for folder in folders:
        for suffix in FONT_SUFFIXES:
            candidate = folder / f"{name}{suffix}"
            if candidate.is_file():
                return candidate
    return None


@dataclass(frozen=True)
class CoverLabel:
    title: str
    author: str
    font: str = "Garamond"

    def lines(self, width: int = 24) -> list[str]:
        """The label's text: the title in capitals, then the author, both centred."""
        return [self.title.upper().center(width), self.author.center(width)]


class LabelPrinter:
    """Prints cover labels with the fonts it finds on the search path."""

    def __init__(self, environ: Mapping[str, str] | None = None):
        self.folders = search_path(environ)

    def resolve(self, label: CoverLabel) -> Path:
        """The font file of a label; raises FileNotFoundError when it is nowhere on the path."""
        path = find_font(label.font, self.folders)
        if path is None:
            raise FileNotFoundError(f"font {label.font} not in {ENV_VAR}")
        return path
