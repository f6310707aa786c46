"""Trappola's Bulka (Italian-suited 36-card pack, 2–4 players): its rules, state machine, view and texts.

Importing the package registers the game (``SPEC``) with the core's registry. It has no presenter yet, so the
table says it cannot be drawn; the engine and the referee play it.
"""
from ..cards import ITALIAN
from ..registry import GameSpec, register
from .match import TrappolaBulka
from .rules import TrappolaRules

SPEC = register(GameSpec(game="trappola", tag="TR", title="Trappola's Bulka", players=range(2, 5),
                         rules_class=TrappolaRules, pack=lambda players, rules: ITALIAN, factory=TrappolaBulka))

__all__ = ["SPEC", "TrappolaBulka", "TrappolaRules"]
