"""Pictures of cards: a static table that shows the cards it is given, face up."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..czech.rules import PACK
from .base import Controller


class Picture(Controller):
    """A static table (mode ``static``): one row of face-up cards and a caption; nothing to click."""

    def __init__(self, codes: Sequence[str], caption: str = "", highlight: Sequence[str] = ()) -> None:
        super().__init__()
        self.codes = [card.code for card in PACK.cards_of(codes)]  # a bad code: CardError saying which
        view = {"deal": {"open_hands": {"0": self.codes}}}
        ui: dict[str, Any] = {"mode": "static", "me": None, "caption": caption, "prompt": "", "notice": None,
                              "card_verb": None, "clickable": {}, "buttons": [], "controls": [], "step": None,
                              "deal_code": None, "highlight": list(highlight), "busy": False, "title": ""}
        self._draw(view, ui)

    def click(self, card: str) -> None:
        """A picture takes no clicks; it says nothing either (the learner may just be looking)."""


def show_cards(codes: Sequence[str], caption: str = "", highlight: Sequence[str] = ()) -> Picture:
    """A picture of these cards face up (``show_cards(["7h", "Oh"], caption="…")``)."""
    return Picture(codes, caption, highlight)
