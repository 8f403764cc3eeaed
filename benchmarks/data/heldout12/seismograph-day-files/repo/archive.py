"""Seismograph network: where each station's day files go in the archive."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path


@dataclass(frozen=True)
class Station:
    network: str  # two letters, e.g. "GB"
    code: str  # up to five letters, e.g. "EDI"
    channels: tuple[str, ...] = ("HHZ", "HHN", "HHE")

    def __post_init__(self) -> None:
        if len(self.network) != 2 or not self.network.isalpha():
            raise ValueError(f"bad network code {self.network!r}")

    @property
    def label(self) -> str:
        return f"{self.network}.{self.code}"


class Archive:
    """Day files under ``root/NETWORK/STATION/YEAR/CHANNEL.DDD`` (DDD: the day of the year)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def day_file(self, station: Station, channel: str, day: date) -> Path:
        if channel not in station.channels:
            raise ValueError(f"{station.label} has no channel {channel}")
        doy = day.timetuple().tm_yday
        return self.root / station.network / station.code / day.year / f"{channel}.{doy:03d}"

    def day_files(self, station: Station, day: date) -> list[Path]:
        """All channels of one station-day."""
        return [self.day_file(station, ch, day) for ch in station.channels]

    def missing(self, station: Station, day: date) -> list[str]:
        """Channels whose file for ``day`` is not in the archive yet."""
        return [ch for ch in station.channels if not self.day_file(station, ch, day).is_file()]

    def stations_seen(self) -> list[str]:
        """'NET.STA' of every station with a folder in the archive."""
        return sorted(f"{p.parent.name}.{p.name}" for p in self.root.glob("*/*") if p.is_dir())
