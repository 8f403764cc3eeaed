"""The one event emitter of a run: every event goes to the trajectory file and the live display.

The loop (:mod:`fixloop.agent.loop`) and the session (:mod:`fixloop.session`) both emit through an
:class:`Events`; the event shapes are the TypedDicts of :mod:`fixloop.protocols`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

#: ``on_event(type, data)``: called with every event (the CLI's live display).
EventSink = Callable[[str, dict[str, Any]], None]


class TrajectoryWriter(Protocol):
    """Where events are recorded (:class:`fixloop.trajectory.Trajectory`)."""

    def write(self, type: str, **data: Any) -> None:
        """Append one event."""
        ...


class Events:
    """Sends each event to the trajectory (if any) and to ``on_event`` (if any).

    Args:
        trajectory: the run's trajectory writer, or None (unit tests).
        on_event: the display's sink, or None. A fault in it is swallowed: a display must not
            end the run.
    """

    def __init__(
        self, trajectory: TrajectoryWriter | None = None, on_event: EventSink | None = None
    ) -> None:
        self.trajectory = trajectory
        self.on_event = on_event

    def emit(self, type_: str, data: Mapping[str, Any]) -> None:
        """Record one event ``type_`` with the keys of ``data``."""
        payload = dict(data)
        if self.trajectory is not None:
            self.trajectory.write(type_, **payload)
        if self.on_event is not None:
            try:
                self.on_event(type_, payload)
            except Exception:  # noqa: BLE001 - a display fault must not end the run
                pass

    def notice(self, text: str) -> None:
        """Emit a ``notice`` event (a line for the user)."""
        self.emit("notice", {"text": text})
