"""Stepping through a recorded game: ◀ ▶ over its event log, the table redrawn as it was at each event."""
from __future__ import annotations

from typing import Any

from ..events import Event
from ..game import Game
from ..records import Record
from .base import Controller, deal_code_text
from .present import control, table_ui
from .snapshots import open_view, seat_view


class Stepper(Controller):
    """One step per event of ``record``: its explanation, and the table after the action that produced it.

    ``open_hands`` shows every playing seat's hand face up (lesson demonstrations only); otherwise the
    table shows what ``seat`` saw (None: a spectator). Events before the first action (the cut, the
    stake, the deal) are steps too.
    """

    def __init__(self, record: Record, open_hands: bool = True, seat: int | None = None, start: int = 0,
                 title: str = "") -> None:
        super().__init__()
        self.record = record
        self.open_hands = open_hands
        self.seat = seat
        self.title = title
        game = record.start()
        self._deal_code = deal_code_text(game)
        self._produced_by = [0] * len(game.events)  # event index -> actions applied when it happened
        for k, action in enumerate(record.actions, start=1):
            game.apply(action)
            self._produced_by += [k] * (len(game.events) - len(self._produced_by))
        self._final = game
        self._cursor: tuple[int, Game] = (len(record.actions), game)  # the last replayed state, stepped forward
        self._views: dict[int, dict[str, Any]] = {}
        self.index = 0
        self.go(start)

    # --- where we are -------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self._final.events)

    @property
    def event(self) -> Event:
        return self._final.events[self.index]

    @property
    def caption(self) -> str:
        """The engine's explanation of the current event, for the viewer."""
        return self._final.explain(self.event, self.seat)

    # --- moving -------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show event ``index`` (0-based)."""
        if not 0 <= index < self.count:
            raise ValueError(f"step {index} does not exist: this record has steps 0 to {self.count - 1}")
        view = self._view_at(index)  # before moving: a failure here leaves the stepper where it was
        self.index = index
        self._draw(view, self._ui())

    def next(self) -> None:
        self.go(min(self.index + 1, self.count - 1))

    def prev(self) -> None:
        self.go(max(self.index - 1, 0))

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(self.count - 1)

    def control(self, name: str) -> None:
        moves = {"first": self.first, "prev": self.prev, "next": self.next, "last": self.last}
        if name not in moves:
            self._show_notice("info", "This table steps through a game: use first, previous, next or last.")
            return
        moves[name]()

    def click(self, card: str) -> None:
        self._show_notice("info", "This table shows a recorded game: step with ◀ ▶ instead of playing cards.")

    # --- drawing ------------------------------------------------------------------------
    def _game_after(self, actions: int) -> Game:
        """The game after the first ``actions`` actions, replayed (forward from the last state when possible)."""
        done, game = self._cursor
        if actions < done:
            game, done = self.record.start(), 0
        for action in self.record.actions[done:actions]:
            game.apply(action)
        self._cursor = (actions, game)
        return game

    def _view_at(self, index: int) -> dict[str, Any]:
        view = self._views.get(index)
        if view is None:
            game = self._game_after(self._produced_by[index])
            view = open_view(game, index + 1) if self.open_hands else seat_view(game, self.seat, index + 1)
            self._views[index] = view
        return view

    def _ui(self) -> dict[str, Any]:
        i, last = self.index, self.count - 1
        controls = [control("first", "First", i > 0), control("prev", "Previous", i > 0),
                    control("next", "Next", i < last), control("last", "Last", i < last)]
        return table_ui(self._view_at(i), "step", self.seat, caption=self.caption, controls=controls,
                        step={"index": i, "count": self.count}, deal_code=self._deal_code, interactive=False,
                        highlight=_named_cards(self.event), title=self.title)


def _named_cards(event: Event) -> list[str]:
    """The cards a step is about, ringed on the table: the card played, the cards exchanged."""
    if event.kind == "play":
        return [event.data["card"]]
    if event.kind == "exchange":
        return [event.data["given"], *event.data["taken"]]
    return []
