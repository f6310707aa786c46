"""The table as a seat saw it at a point of the event log: the session's own ``Game.view_at``.

Kept as functions of a game for the table's controllers (``seat_view``, ``open_view``, ``deal_end``); the
rule of which deal an event belongs to and what a past deal shows is the game base's (``bulka_teach.game``).
"""
from __future__ import annotations

from typing import Any

from ..game import Game


def deal_end(game: Game[Any], k: int) -> int:
    """One past the last event of deal ``k`` (its settlement included)."""
    return game.deal_end(k)


def seat_view(game: Game[Any], seat: int | None, upto: int | None = None) -> dict[str, Any]:
    """``game.view(seat)`` as it looked once the first ``upto`` events had happened (None: all of them)."""
    return game.view_at(seat, upto)


def open_view(game: Game[Any], upto: int | None = None) -> dict[str, Any]:
    """A lesson demonstration: the spectator's view with every playing seat's hand face up."""
    return game.open_view(upto)
