"""Trappola's Bulka (Italian-suited 36-card pack, 2–4 players): declared, not yet playable.

The spec says what the core and the start page know of the game (its id, deal-code tag, players and pack);
without a factory every attempt to start it says it is not available yet.
"""
from ..cards import ITALIAN
from ..house_rules import HouseRules
from ..registry import GameSpec, register

SPEC = register(GameSpec(game="trappola", tag="TR", title="Trappola's Bulka", players=range(2, 5),
                         rules_class=HouseRules, pack=lambda players, rules: ITALIAN))
