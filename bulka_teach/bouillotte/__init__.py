"""Bouillotte (a French pack reduced by the number of players, 3–5 players): its rules, state machine, view,
texts, its presenter (what the card table draws), computer players and coach.

Importing the package registers the game (``SPEC``) with the core's registry.
"""
from typing import Any

from ..cards import Pack
from ..registry import GameSpec, register
from . import presenter
from .ai import AI
from .rules import BouillotteRules, pack_for
from .session import Bouillotte


def _pack(players: int, rules: Any) -> Pack:
    """The pack a table of ``players`` deals under ``rules`` (the rules object, or a dict of overrides)."""
    return pack_for(players, rules if isinstance(rules, BouillotteRules) else BouillotteRules.from_dict(rules))


SPEC = register(GameSpec(game="bouillotte", tag="BO", title="Bouillotte", players=range(3, 6),
                         rules_class=BouillotteRules, pack=_pack, factory=Bouillotte, presenter=presenter,
                         ai=AI))

__all__ = ["SPEC", "Bouillotte", "BouillotteRules"]
