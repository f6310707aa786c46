"""Trappola's Bulka (Italian-suited 36-card pack, 2–4 players): its rules, state machine, view, texts and computer
players.

Importing the package registers the game (``SPEC``) with the core's registry. It has no presenter yet, so the
table says it cannot be drawn; the engine, the referee and the bots play it.
"""
from ..cards import ITALIAN
from ..registry import GameSpec, register
from .ai import AI
from .match import TrappolaBulka
from .rules import TrappolaRules

SPEC = register(GameSpec(game="trappola", tag="TR", title="Trappola's Bulka", players=range(2, 5),
                         rules_class=TrappolaRules, pack=lambda players, rules: ITALIAN, factory=TrappolaBulka, ai=AI))

__all__ = ["SPEC", "TrappolaBulka", "TrappolaRules"]
