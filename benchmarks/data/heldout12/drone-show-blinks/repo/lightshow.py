"""Drone light show: which drones are lit after each beat of the choreography."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Step:
    """One beat: drones to switch on, drones to switch off, drones to blink."""

    on: list[int] = field(default_factory=list)
    off: list[int] = field(default_factory=list)
    blink: list[int] = field(default_factory=list)


class Show:
    """The swarm's lamps, all dark at take-off."""

    def __init__(self, drones: int) -> None:
        self.lit = [False] * drones
        self.beats = 0
        self.lamp_beats = 0  # lit drones summed over the beats played (battery use)

    def play(self, step: Step) -> None:
        """Apply one beat: ``on`` and ``off`` first, then each blinking drone is toggled."""
        for d in step.on:
            self.lit[d] = True
        for d in step.off:
            self.lit[d] = False
        for d in step.blink:
            self.lit[d] = self.lit[d]
        self.beats += 1
        self.lamp_beats += sum(self.lit)

    def lit_drones(self) -> list[int]:
        return [d for d, on in enumerate(self.lit) if on]

    def pattern(self) -> str:
        """The swarm as a row of lamps: '#' lit, '.' dark."""
        return "".join("#" if on else "." for on in self.lit)

    def run(self, steps: list[Step]) -> list[str]:
        """Play every step; the pattern after each."""
        out = []
        for step in steps:
            self.play(step)
            out.append(self.pattern())
        return out
