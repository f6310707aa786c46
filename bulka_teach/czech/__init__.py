"""Czech Bulka (Mariáš cards, 2–3 players): its rules, state machine, view, texts, computer players and coach.

Importing the package registers the game (``SPEC``) with the core's registry.
"""
from ..cards import MARIAS
from ..registry import GameSpec, register
from . import presenter
from .ai import AI
from .match import CzechBulka
from .rules import CzechRules

SPEC = register(GameSpec(
    game="czech-bulka", tag="CB", title="Czech Bulka", players=range(2, 4), rules_class=CzechRules,
    pack=lambda players, rules: MARIAS, factory=CzechBulka, presenter=presenter, ai=AI,
))

__all__ = ["SPEC", "CzechBulka", "CzechRules"]
