"""Pictures of cards: a static table that shows the cards it is given, face up, in the art of their pack."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import layout as lay
from ..cards import PACKS_BY_ART
from .base import Controller


def picture_layout(codes: Sequence[str], pack: str = "marias") -> dict[str, Any]:
    """The layout of a picture: one row of these face-up cards of ``pack`` (a bad code: CardError saying which)."""
    if pack not in PACKS_BY_ART:
        raise ValueError(f"unknown pack {pack!r}; one of {', '.join(PACKS_BY_ART)}")
    shown = [card.code for card in PACKS_BY_ART[pack].cards_of(codes)]
    return lay.picture(pack, shown)


class Picture(Controller):
    """A static table (mode ``static``): one row of face-up cards and a caption; nothing to click."""

    def __init__(self, codes: Sequence[str], caption: str = "", highlight: Sequence[str] = (),
                 pack: str = "marias") -> None:
        super().__init__()
        layout = picture_layout(codes, pack)
        self.pack = pack
        self.codes = list(layout["piles"][0]["cards"])
        view = {"deal": {"open_hands": {"0": self.codes}}}  # the pack is the layout's (``self.pack``)
        ui: dict[str, Any] = {"mode": "static", "me": None, "caption": caption, "prompt": "", "notice": None,
                              "card_verb": None, "clickable": {}, "buttons": [], "controls": [], "step": None,
                              "deal_code": None, "highlight": list(highlight), "busy": False, "title": ""}
        self._draw(view, ui, layout)

    def click(self, card: str) -> None:
        """A picture takes no clicks; it says nothing either (the learner may just be looking)."""


def show_cards(codes: Sequence[str], caption: str = "", highlight: Sequence[str] = (), pack: str = "marias") -> Picture:
    """A picture of these cards face up (``show_cards(["7h", "Oh"], caption="…")``, ``pack="italian"`` …)."""
    return Picture(codes, caption, highlight, pack)
