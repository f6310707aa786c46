"""The table as a seat saw it at a point of the event log: the engine's view, showing the right deal.

The engine deals the next deal inside the action that ends one, so after that action ``game.view(seat)``
already shows the new deal. Steppers and practice tables still want to show the finished deal (its
tricks, outcome and log) until the learner moves on: ``seat_view`` takes ``game.view(seat)`` and puts
the deal that a given event belongs to in its place, drawn by the engine's own ``deal_view`` for the
same seat, with the log cut at that event and explained by the engine for that seat.
"""
from __future__ import annotations

from typing import Any

from ..czech.view import deal_view
from ..game import Game


def deal_starts(game: Game) -> list[int]:
    """The index in ``game.events`` where each deal's events begin (deal 0 first)."""
    return [deal.first_event for deal in game.deals]


def deal_index_of(game: Game, event_index: int) -> int | None:
    """The deal (index into ``game.deals``) that event ``event_index`` belongs to; None before the first deal.

    The settlement after a deal (game over, payment, a new bulka's stake) belongs to the deal it ends.
    """
    found = None
    for k, start in enumerate(deal_starts(game)):
        if start <= event_index:
            found = k
    return found


def deal_end(game: Game, k: int) -> int:
    """One past the last event of deal ``k`` (its settlement included)."""
    starts = deal_starts(game)
    return starts[k + 1] if k + 1 < len(starts) else len(game.events)


def log_entries(game: Game, seat: int | None, start: int, stop: int) -> list[dict[str, Any]]:
    """Events ``start``…``stop - 1`` as the engine explains them to ``seat`` (the view's log format)."""
    return [{"kind": e.kind, "seat": e.seat, "text": game.explain(e, seat)} for e in game.events[start:stop]]


def _shown_deal(game: Game, upto: int | None) -> tuple[int, int | None]:
    """``upto`` within the log (None: all of it) and the deal its last event belongs to (None: before any)."""
    total = len(game.events)
    upto = total if upto is None else min(upto, total)
    return upto, deal_index_of(game, upto - 1) if upto > 0 else None


def seat_view(game: Game, seat: int | None, upto: int | None = None) -> dict[str, Any]:
    """``game.view(seat)`` as it looked once the first ``upto`` events had happened (None: all of them).

    Shows the deal event ``upto - 1`` belongs to, with the log up to that event; a finished deal is
    shown with nothing asked of anyone (also the last deal of a record whose decks ran out, where the
    engine's view has no deal). At the end of the log of the current deal it is the engine's view unchanged.
    """
    view = game.view(seat)
    upto, k = _shown_deal(game, upto)
    if upto == len(game.events) and (k is None or game.deals[k] is game.deal):
        return view
    if k is None:  # the cut and the first stake, before any card is dealt
        view.update(deal=None, to_move=None, legal=[], log=log_entries(game, seat, 0, upto), previous=[])
        return view
    deal = game.deals[k]
    view["deal"] = deal_view(deal, seat)
    view["log"] = log_entries(game, seat, deal.first_event, upto)
    if deal is not game.deal:
        view.update(to_move=None, legal=[])
        view["previous"] = [game.deal_summary(d) for d in game.deals[: k + 1] if d.outcome is not None][-3:]
        if game.n > 2:
            view["sitting_out"] = next(s for s in range(game.n) if s not in deal.seats)
    return view


def open_view(game: Game, upto: int | None = None) -> dict[str, Any]:
    """A lesson demonstration: the spectator's view with every playing seat's hand face up.

    Each hand comes from that seat's own view of the deal (``deal_view``), never from the engine's internals.
    """
    view = seat_view(game, None, upto)
    _, k = _shown_deal(game, upto)
    if k is not None:
        deal = game.deals[k]
        view["deal"]["open_hands"] = {s: deal_view(deal, int(s))["hand"] for s in view["deal"]["hand_counts"]}
    return view
