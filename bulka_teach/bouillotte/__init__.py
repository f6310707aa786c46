"""Bouillotte (a French pack reduced by the number of players, 3–5 players): declared, not yet playable.

The spec says what the core and the start page know of the game (its id, deal-code tag, players and pack);
without a factory every attempt to start it says it is not available yet.
"""
from ..cards import french_pack
from ..house_rules import HouseRules
from ..registry import GameSpec, register

SPEC = register(GameSpec(game="bouillotte", tag="BO", title="Bouillotte", players=range(3, 6),
                         rules_class=HouseRules, pack=lambda players, rules: french_pack(players)))
