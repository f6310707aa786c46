"""What every table controller shares: its ``CardTable``, drawing, notices, and handlers that never crash.

A controller owns one ``CardTable`` (``.table``), sets its ``view``, ``layout`` and ``ui`` together, and turns
the browser's messages into method calls. An exception inside a handler is logged for developers
and shown to the learner as an ``error`` notice; it never reaches the page as a traceback.
"""
from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..dealing import DealCode, new_seed
from ..errors import DealCodeError, ScenarioError
from ..game import Game
from ..house_rules import HouseRules
from ..layout import plain
from ..quoting import quote
from ..records import Record
from ..registry import GameSpec, game_spec
from .present import notice, table_layout
from .review import OpenReview
from .widget import CardTable

log = logging.getLogger("bulka_teach.table")

SORRY = "Something went wrong on our side; the table is as it was before. Please try again or start a new deal."
#: The parts of the ``ui`` that are the felt's own words (the caption and the log tell the game, and teach its terms).
FELT_UI = ("prompt", "buttons", "controls", "review")


def deal_code_text(game: Game) -> str | None:
    """The code of ``game``'s deal as the table shows it, or None when it was not dealt from a code."""
    code = game.deal_code()
    return str(code) if code is not None else None


def deal_record(spec: GameSpec, players: Sequence[str], rules: HouseRules,
                code: str | None = None) -> tuple[Record, str | None]:
    """The record a table deals: the deal of ``code``, else a fresh deal with ``rules``; and, when a code was given
    that cannot be used (malformed, another game's, one the engine cannot deal), the sentence that says why."""
    if code:
        try:
            deal_code = DealCode.parse(code)
            if deal_code.game != spec.game:
                raise DealCodeError(f"{quote(code, bare=True)} is a deal of {game_spec(deal_code.game).title}, and "
                                    f"this table plays {spec.title}")
            record = deal_code.record(tuple(players))
            record.start()  # a code the engine cannot deal fails here, before anything changes
            return record, None
        except (DealCodeError, ScenarioError) as err:
            problem = f"That deal code cannot be used: {err}. Here is a fresh deal instead."
    else:
        problem = None
    return Record(game=spec.game, players=tuple(players), rules=rules.to_dict(), seed=new_seed()), problem


class Controller:
    """Base of the table controllers (stepper, puzzle, practice, pictures)."""

    def __init__(self) -> None:
        self.table = CardTable()
        self.table.on_message(self._received)
        self._notice_ids = itertools.count(1)
        self.original_words = True  # the original terms beside the English on the felt (``show_original_words``)
        self._drawn: tuple[dict[str, Any], dict[str, Any], dict[str, Any]] | None = None
        self.from_learner = False  # handling a message from the browser now (not a lesson's own hidden check)

    # --- display --------------------------------------------------------------------------
    @property
    def widget(self) -> Any:
        """What a notebook displays (the table, or the table with its controls around it)."""
        return self.table

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.table!r})"

    def _draw(self, view: dict[str, Any], ui: dict[str, Any], layout: dict[str, Any] | None = None) -> None:
        """Set the traits in one message, so the front end renders once.

        ``layout`` defaults to what the view's game presenter makes of ``view`` for ``ui["me"]``.
        """
        if layout is None:
            layout = table_layout(view, ui.get("me"))
        self._drawn = (view, ui, layout)
        if not self.original_words:
            layout, ui = plain(layout), {**ui, **{key: plain(ui[key]) for key in FELT_UI if key in ui}}
        with self.table.hold_sync():
            self.table.view = view
            self.table.layout = layout
            self.table.ui = ui

    def show_original_words(self, shown: bool) -> None:
        """Show or hide the original words (French, Italian, German, Czech) beside the English on the felt: its
        labels, buttons and prompt. The caption keeps them: it tells the game as the lessons teach it."""
        self.original_words = shown
        if self._drawn is not None:
            notice = self.table.ui.get("notice")
            view, ui, layout = self._drawn
            self._draw(view, {**ui, "notice": notice}, layout)

    def _notice(self, kind: str, text: str) -> dict[str, Any]:
        return notice(kind, text, next(self._notice_ids))

    def _show_notice(self, kind: str, text: str) -> None:
        self.table.ui = {**self.table.ui, "notice": self._notice(kind, text)}

    # --- messages from the browser ------------------------------------------------------
    def _received(self, message: dict[str, Any]) -> None:
        self.from_learner = True
        try:
            self._dispatch(message)
        finally:
            self.from_learner = False

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("type")  # CardTable passes on only dicts
        if kind == "card" and isinstance(message.get("card"), str):
            self._guarded(self.click, message["card"])
        elif kind == "action" and isinstance(message.get("action"), str):
            self._guarded(self.act, message["action"])
        elif kind == "control" and isinstance(message.get("name"), str):
            self._guarded(self.control, message["name"])
        elif kind == "review":  # a decision chosen in the review panel
            self._guarded(self.review_select, message.get("item"))
        else:
            log.warning("unreadable message from the table: %s", quote(message))

    def _guarded(self, handler: Callable[..., None], *args: Any) -> None:
        """Run a handler; on an exception log it, restore the controller and show an ``error`` notice."""
        self._save()
        try:
            handler(*args)
        except Exception:
            log.exception("table handler %s%s failed", getattr(handler, "__name__", handler), quote(args))
            self._recover()
            self._show_notice("error", SORRY)

    def _save(self) -> None:
        """Remember what ``_recover`` restores (subclasses with a game keep its record)."""

    def _recover(self) -> None:
        """Put the controller back as it was before the failed message (subclasses with a game redraw it)."""

    def click(self, card: str) -> None:
        """A click on a card of the learner's hand: ``act`` on the table's ``card_verb`` (play when none is set)."""
        self.act(f"{self.table.ui.get('card_verb') or 'play'} {card}")

    def act(self, action: str) -> None:
        """A button of ``ui.buttons``."""
        self._show_notice("info", "There is nothing to choose on this table.")

    def control(self, name: str) -> None:
        """A toolbar control of ``ui.controls``."""
        self._show_notice("info", f"{quote(name)} is not a control of this table.")

    # --- the review panel (a table with Review says where its open review is) -----------------
    @property
    def open_review(self) -> OpenReview | None:
        """The review panel open on this table (None: none is, or this table has no Review)."""
        return None

    def _show_review(self, review: OpenReview) -> None:
        """Keep ``review`` as the open one and draw it (tables with Review override this; a table without one never
        has a review open, so ``review_select`` does not come here)."""
        self._show_notice("info", "This table has no Review.")

    def review_select(self, k: object) -> None:
        """Show the table as the reviewed seat saw it at decision ``k`` (0-based) of the open review."""
        review = self.open_review
        if review is None:
            self._show_notice("info", "There is no review open: press Review once a deal is over.")
        elif not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(review.items):
            self._show_notice("refused", "That decision is not in this review: choose one from the list.")
        else:
            self._show_review(replace(review, selected=k))
