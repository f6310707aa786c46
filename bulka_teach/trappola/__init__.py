"""Trappola's Bulka (Italian-suited 36-card pack, 2–4 players): its rules, state machine, view, texts, presenter
and computer players.

Importing the package registers the game (``SPEC``) with the core's registry; ``presenter`` draws it on the card
table, ``AI`` plays its computer seats.
"""
from ..cards import ITALIAN
from ..registry import GameSpec, register
from . import presenter
from .ai import AI
from .match import TrappolaBulka
from .rules import TrappolaRules

SPEC = register(GameSpec(game="trappola", tag="TR", title="Trappola's Bulka", players=range(2, 5),
                         rules_class=TrappolaRules, pack=lambda players, rules: ITALIAN, factory=TrappolaBulka,
                         presenter=presenter, ai=AI))

__all__ = ["SPEC", "TrappolaBulka", "TrappolaRules"]
