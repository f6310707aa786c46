"""Turns at a table where some seats are the computer's: the computer plays until a person is asked, and whether a
deal ended. Shared by the practice table (one person), pass-and-play (several people at one device) and the shared
tables of a class (``bulka_teach.tables``: people at their own devices), so it knows no Jupyter.

The computer is seeded from the deal and the moves so far, so the same deal code and the same clicks play the same
game; the coach is seeded from the deal alone, so a hint and the review of one decision see the same worlds.
"""
from __future__ import annotations

from collections.abc import Callable, Container

from ..game import Game
from .base import Bot
from .coach import Coach

MAX_COMPUTER_ACTIONS = 20_000  # far more than any game needs: a bot that never finishes is a bug, not a hang


def bot_seed(game: Game) -> int:
    """The computer's seed for the decision now: the deal's seed and the moves so far, so replays agree."""
    return (game.setup.seed or 0) * 4096 + len(game.actions)


def deal_coach(game: Game) -> Coach:
    """The coach of a table's deal, seeded from the deal alone: one verdict per decision, whenever it is asked."""
    return Coach(seed=game.setup.seed or 0)


def computers_play(game: Game, people: Container[int], bot_for: Callable[[int], Bot]) -> int | None:
    """Let the computer seats (those not in ``people``) act until a person is asked or the current deal ends.

    ``bot_for(seat)`` is the bot that acts for ``seat`` now; it sees only that seat's view. Returns where the last
    computer action's events begin in the log, or None when no computer acted.
    """
    deal, last = len(game.deals), None
    for _ in range(MAX_COMPUTER_ACTIONS):
        if len(game.deals) != deal:
            return last
        to_move = game.to_move
        if to_move is None or to_move in people:
            return last
        last = len(game.events)
        game.apply(bot_for(to_move).choose(game.view(to_move)).action, to_move)
    raise RuntimeError("the computer players did not finish their deal")


def deal_ended(game: Game, deals: int) -> bool:
    """Whether deal ``deals - 1`` (the last of the ``deals`` there were before an action) is over now.

    The engine deals the next deal inside the action that ends one; a deal that ends the session deals no next one
    (Bouillotte: a player has no jeton left), and it ended all the same.
    """
    return len(game.deals) != deals or game.deal is None and 0 < deals == len(game.deals) and game.deals[-1].over
