"""Stepping through a recorded game: ◀ ▶ over its moments, the table drawn exactly as each caption tells."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

import ipywidgets as widgets

from ..events import Event
from ..records import Record
from .base import Controller, deal_code_text
from .present import caption, control, table_layout, table_ui

View = dict[str, Any]


class Step(NamedTuple):
    """One step of a stepper: its caption, the view and layout drawn, and the events it tells."""

    caption: str
    view: View
    layout: dict[str, Any]
    events: tuple[int, ...]
    highlight: tuple[str, ...]


class Stepper(Controller):
    """The moments of ``record``, one step each: the sentence of an event and the table at that moment.

    The game gives each event its moment on the table (``Game.moments``: a trick's cards before it is
    won, the bank paid and then refilled, the cut, the deal in its packets). A moment that would draw the
    same table as the one before it is merged into the next step, its sentence leading that step's
    caption (the last one joins the step before). ``open_hands`` shows every playing seat's hand face up
    (lesson demonstrations only); otherwise the table shows what ``seat`` saw (None: a spectator).
    ``start`` is an event index: the stepper opens at the step that tells it. ``chapters`` — (label, event
    index) pairs — add a menu to jump to those steps (the tricks of a deal, say).
    """

    def __init__(self, record: Record, open_hands: bool = True, seat: int | None = None, start: int = 0,
                 title: str = "", chapters: Sequence[tuple[str, int]] = ()) -> None:
        super().__init__()
        self.record = record
        self.open_hands = open_hands
        self.seat = seat
        self.title = title
        game = record.start()
        self._deal_code = deal_code_text(game)
        moments: list[tuple[str, View, int]] = []
        for k in range(len(record.actions) + 1):
            if k:
                first = len(game.events)
                game.apply(record.actions[k - 1])
            else:
                first = 0
            for i in range(first, len(game.events)):
                moments += [(text, view, i) for text, view in game.moments(i, seat, open_hands)]
        self._final = game
        self.steps = self._merged(moments)
        self._step_of: dict[int, int] = {}  # event -> the first step that tells it
        for s, step in enumerate(self.steps):
            for i in step.events:
                self._step_of.setdefault(i, s)
        self.index = 0
        self.chapters = [(label, self.step_of(event)) for label, event in chapters]
        self.menu: widgets.Dropdown | None = None
        if self.chapters:
            self.menu = widgets.Dropdown(options=[("Jump to…", -1), *self.chapters], value=-1,
                                         description="Jump to", layout={"width": "max-content"})
            self.menu.add_class("bt-stepper-chapters")
            self.menu.observe(self._jumped, names="value")
            self._box = widgets.VBox([self.table, self.menu])
        self.go(self.step_of(start))

    def _merged(self, moments: list[tuple[str, View, int]]) -> list[Step]:
        steps: list[Step] = []
        pending: list[tuple[str, int]] = []  # sentences of moments that drew nothing new, for the next step
        previous: str | None = None
        last_view: View = {}
        for text, view, i in moments:
            layout = table_layout(view, self.seat)
            highlight = tuple(_named_cards(self._final.events[i]))
            drawn = json.dumps([layout, highlight], sort_keys=True)
            if drawn == previous:  # nothing new on the table: the sentence joins the next step
                pending.append((text, i))
                last_view = view
                continue
            told = [*pending, (text, i)]
            steps.append(Step(caption(t for t, _ in told), view, layout, tuple(dict.fromkeys(j for _, j in told)),
                              highlight))
            pending, previous = [], drawn
        if pending:  # the last moments drew nothing new: they join the last step
            last = steps[-1]
            steps[-1] = last._replace(caption=caption([last.caption, *(t for t, _ in pending)]), view=last_view,
                                      events=tuple(dict.fromkeys([*last.events, *(j for _, j in pending)])))
        return steps

    # --- where we are -------------------------------------------------------------------
    @property
    def widget(self) -> Any:
        return self._box if self.menu is not None else self.table

    @property
    def count(self) -> int:
        return len(self.steps)

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def event(self) -> Event:
        """The last event the current step tells."""
        return self._final.events[self.step.events[-1]]

    @property
    def events(self) -> list[Event]:
        """Every event the current step tells, in order."""
        return [self._final.events[i] for i in self.step.events]

    @property
    def caption(self) -> str:
        """The current step's sentences, for the viewer."""
        return self.step.caption

    def step_of(self, event: int) -> int:
        """The step that tells event ``event`` (an index into the record's event log)."""
        if event not in self._step_of:
            raise ValueError(f"event {event} does not exist: this record has events 0 to {len(self._final.events) - 1}")
        return self._step_of[event]

    # --- moving -------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show step ``index`` (0-based)."""
        if not 0 <= index < self.count:
            raise ValueError(f"step {index} does not exist: this record has steps 0 to {self.count - 1}")
        self.index = index
        step = self.steps[index]
        self._draw(step.view, self._ui(), step.layout)

    def go_to_event(self, event: int, last: bool = False) -> None:
        """Show the step that tells event ``event`` (``last``: the last such step, e.g. the whole deal dealt)."""
        step = self.step_of(event)
        while last and step + 1 < self.count and event in self.steps[step + 1].events:
            step += 1
        self.go(step)

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

    def _jumped(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and change["new"] >= 0:
            self._guarded(self.go, change["new"])

    # --- drawing ------------------------------------------------------------------------
    def _ui(self) -> dict[str, Any]:
        i, last = self.index, self.count - 1
        step = self.steps[i]
        controls = [control("first", "First", i > 0), control("prev", "Previous", i > 0),
                    control("next", "Next", i < last), control("last", "Last", i < last)]
        return table_ui(step.view, "step", self.seat, caption=step.caption, controls=controls,
                        step={"index": i, "count": self.count}, deal_code=self._deal_code, interactive=False,
                        highlight=step.highlight, title=self.title)


def _named_cards(event: Event) -> list[str]:
    """The cards a step is about, ringed on the table: the card played, the cards exchanged."""
    if event.kind == "play":
        return [event.data["card"]]
    if event.kind == "exchange" and "given" in event.data:  # a card given for cards taken (Czech Bulka's šíbr)
        return [event.data["given"], *event.data["taken"]]
    return []
