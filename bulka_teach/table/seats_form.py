"""Who sits at a table: how many players, each seat's name and who plays it, in a collapsed accordion.

Each seat is played by a person at this device or by the computer at one of the game's levels
(``GameSpec.ai.opponents``); "Sit down and deal" calls ``on_sit(names, computers, code)`` with the names of the
seats in use, the computer seats (seat → level) and the deal code typed (None for a fresh deal). The form checks
nothing itself: the table it belongs to says what is wrong (``seating_problem``), so the rules live in one place.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets

from ..names import NAME_LIMIT
from ..quoting import quote
from .form_fields import WHOLE_LABEL, deal_code_box, players_menu, text_box

PERSON = ""  # the "played by" choice of a seat a person plays
Sit = Callable[[tuple[str, ...], dict[int, str], str | None], None]


def seating_problem(counts: Sequence[int], levels: Mapping[str, str], names: Sequence[str],
                    computers: Mapping[int, str]) -> str | None:
    """What is wrong with these seats, in a sentence that says what to do; None when a table can be seated.

    ``counts``: the numbers of players the game allows; ``levels``: the computer's levels by name. A name is 1 to 24
    printable characters without ``<`` or ``>``, and no two seats share a name (the table says whose turn it is by
    name); at least one seat is a person's.
    """
    if len(names) not in counts:
        return f"This game is for {min(counts)} to {max(counts)} players, not {len(names)}."
    for seat, level in computers.items():
        if not 0 <= seat < len(names):
            return f"There is no seat {seat + 1} at a table of {len(names)}."
        if level not in levels:
            return f"The computer has no level {quote(level)}: choose one from the menu."
    if len(computers) == len(names):
        return "Every seat is the computer's: make at least one seat a person at this device."
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        if not name.strip():
            return f"Seat {seat + 1} has no name: type the name of the player sitting there."
        if len(name) > NAME_LIMIT:
            return f"The name at seat {seat + 1} is {len(name)} characters long: use at most {NAME_LIMIT}."
        if not name.isprintable() or "<" in name or ">" in name:
            return f"The name at seat {seat + 1} may hold letters, digits, spaces and punctuation, but not < or >."
        key = name.strip().casefold()
        if key in seen:
            return (f"Seats {seen[key] + 1} and {seat + 1} are both called {name.strip()}: give each seat its own "
                    "name, so the table can say whose turn it is.")
        seen[key] = seat
    return None


class SeatsForm:
    """The form: a players menu, one row per seat (its name, and who plays it), a deal code, and the deal button."""

    def __init__(self, counts: Sequence[int], levels: Mapping[str, str], names: Sequence[str],
                 computers: Mapping[int, str], on_sit: Sit, title: str = "Who sits at the table") -> None:
        self.on_sit = on_sit
        most = max(counts)
        self.count = players_menu(counts, len(names))
        self.names = [text_box(f"Seat {seat + 1}", "a name", names[seat] if seat < len(names) else "")
                      for seat in range(most)]
        choices = [("a person at this device", PERSON), *((f"the computer: {words}", level)
                                                          for level, words in levels.items())]
        self.played_by = [widgets.Dropdown(options=choices, value=computers.get(seat, PERSON),
                                           description="played by", style=WHOLE_LABEL,
                                           layout=widgets.Layout(max_width="100%"))
                          for seat in range(most)]
        self.rows = [widgets.HBox([name, played], layout=widgets.Layout(flex_flow="row wrap"))
                     for name, played in zip(self.names, self.played_by, strict=True)]
        for row in self.rows:
            row.add_class("bt-seat-row")
        self.code = deal_code_box()
        self.button = widgets.Button(description="Sit down and deal", button_style="primary")
        self.button.add_class("bt-seats-deal")
        self.button.on_click(lambda _button: self.on_sit(*self.values()))
        self.count.observe(lambda _change: self._show_rows(), "value")
        self._show_rows()
        body = widgets.VBox([self.count, *self.rows, self.code, self.button])
        self.widget = widgets.Accordion(children=[body], titles=(title,), selected_index=None)
        self.widget.add_class("bt-seats")

    def _show_rows(self) -> None:
        for seat, row in enumerate(self.rows):
            row.layout.display = None if seat < self.count.value else "none"

    def values(self) -> tuple[tuple[str, ...], dict[int, str], str | None]:
        """The names of the seats in use, the computer seats (seat → level) and the deal code (None: a fresh deal)."""
        n = self.count.value
        names = tuple(text.value for text in self.names[:n])
        computers = {seat: menu.value for seat, menu in enumerate(self.played_by[:n]) if menu.value != PERSON}
        return names, computers, self.code.value.strip() or None

    def show(self, names: Sequence[str], computers: Mapping[int, str]) -> None:
        """Set the form to the table's seats (after the table was seated)."""
        self.count.value = len(names)
        for seat, (text, menu) in enumerate(zip(self.names, self.played_by, strict=True)):
            if seat < len(names):
                text.value = names[seat]
            menu.value = computers.get(seat, PERSON)
