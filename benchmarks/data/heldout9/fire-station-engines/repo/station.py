"""Fire station: its engines, the call-outs and the board in the watch room."""

from dataclasses import dataclass, field


class NoEngineFree(Exception):
    """Every engine of the needed kind is out on a call."""


@dataclass
class Engine:
    callsign: str
    kind: str  # "pump", "ladder" or "rescue"
    out_on: str = ""  # the incident it attends ("" while at the station)


@dataclass
class Station:
    name: str
    engines: list[Engine] = field(default_factory=list)
    out: dict[str, int] = field(default_factory=dict)  # engines out on calls, by kind

    def dispatch(self, kind: str, incident: str) -> str:
        """Send the first free engine of ``kind``; returns its callsign."""
        for engine in self.engines:
            if engine.kind == kind and not engine.out_on:
                engine.out_on = incident
                self.out[kind] = self.out.get(kind, 0) + 1
                return engine.callsign
        raise NoEngineFree(kind)

    def back(self, callsign: str) -> None:
        """An engine is back at the station."""
        for engine in self.engines:
            if engine.callsign == callsign:
                if not engine.out_on:
                    raise ValueError(f"{callsign} is not out")
                engine.out_on = ""
                return
        raise KeyError(callsign)

    def available(self, kind: str) -> int:
        total = sum(1 for e in self.engines if e.kind == kind)
        return total - self.out.get(kind, 0)

    def board(self) -> list[str]:
        return [f"{e.callsign}: {e.out_on or 'station'}" for e in self.engines]
