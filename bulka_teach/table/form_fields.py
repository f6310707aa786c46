"""The fields the tables' forms share (who sits where, a shared table's set-up, the house rules): one look, one
behaviour.

A text field is read when a button is pressed, so its value reaches the kernel once the learner leaves the field or
presses Enter (``continuous_update=False``): sent letter by letter, the kernel's echo of the first letters could
overwrite the last ones of a fast typist, and "Annabel" sat down as "Ann".
"""
from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

WHOLE_LABEL = {"description_width": "initial"}  # a label as wide as its words, not cut off


def text_box(description: str, placeholder: str = "", value: str = "") -> widgets.Text:
    """A text field whose value reaches the kernel whole (see above)."""
    return widgets.Text(value=value, description=description, placeholder=placeholder, style=WHOLE_LABEL,
                        continuous_update=False)


def deal_code_box() -> widgets.Text:
    """The optional deal code a table is dealt from."""
    return text_box("Deal code (optional)", "a code from a table")


def players_menu(counts: Sequence[int], value: int) -> widgets.Dropdown:
    """How many play, among the game's player counts."""
    return widgets.Dropdown(options=list(counts), value=value, description="Players", style=WHOLE_LABEL,
                            layout=widgets.Layout(width="max-content"))
