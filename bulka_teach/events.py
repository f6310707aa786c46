"""The event log: what happened at each step, with what only the acting seat may see."""
from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened (an immutable value: never change its data).

    ``data`` is public. ``secret`` holds what only ``seat`` may see (the cards he was dealt,
    what he discarded); ``for_seat`` removes it for everyone else.
    """

    kind: str
    seat: int | None
    data: Mapping[str, Any]
    secret: Mapping[str, Any] | None = None

    def for_seat(self, viewer: int | None) -> Event:
        """The event as ``viewer`` may know it (``viewer`` None: a spectator)."""
        if self.secret is None or viewer == self.seat:
            return self
        return self._replace(secret=None)


def seat_keys(values: Mapping[int, Any]) -> dict[str, Any]:
    """``values`` by seat, the seats written as strings (as JSON keys are), in the same order: the log's points by
    seat. A loop, cheaper than a comprehension in CPython 3.11 (every deal writes a few)."""
    out = {}
    for seat, value in values.items():
        out[str(seat)] = value
    return out


#: ``make_event((kind, seat, data, secret))`` is ``Event(kind, seat, data, secret)`` (all four given), made without
#: a call of Python code: for the engines' hot paths, which log about thirty events a deal.
make_event = partial(tuple.__new__, Event)
