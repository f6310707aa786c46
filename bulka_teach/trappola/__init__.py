"""Trappola's Bulka (Italian-suited 36-card pack, 2–4 players): its rules, state machine, view and texts.

Importing the package registers the game (``SPEC``) with the core's registry; ``presenter`` draws it on the card
table.
"""
from ..cards import ITALIAN
from ..registry import GameSpec, register
from . import presenter
from .match import TrappolaBulka
from .rules import TrappolaRules

SPEC = register(GameSpec(game="trappola", tag="TR", title="Trappola's Bulka", players=range(2, 5),
                         rules_class=TrappolaRules, pack=lambda players, rules: ITALIAN, factory=TrappolaBulka,
                         presenter=presenter))

__all__ = ["SPEC", "TrappolaBulka", "TrappolaRules"]
