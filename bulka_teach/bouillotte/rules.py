"""Bouillotte's house rules, its packs and its card facts (points, the mistigri): the one place for each.

The rules are ``shared/rules/bouillotte.md``; its last section ("Decisions, in order") is the protocol the
engine and the referee keep. All amounts are jetons; a fiche is worth five.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card, CardError, Pack, french_pack
from ..errors import ScenarioError
from ..house_rules import HouseRules, option

SUITS = ("c", "d", "h", "s")
SUIT_NAMES = {"c": "clubs (trèfle)", "d": "diamonds (carreau)", "h": "hearts (cœur)", "s": "spades (pique)"}
RANK_NAMES = {"8": "eights", "9": "nines", "X": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}
#: Card points: the ace 11, the figures 10, the others their pips (the ten is X).
POINTS = {"A": 11, "K": 10, "Q": 10, "J": 10, "X": 10, "9": 9, "8": 8}
HAND_SIZE = 3
#: The most jetons a seat may start with, by ``start_chips`` or a scenario's ``chips``: what bounds every amount,
#: and so the legal actions, which name every amount a seat may stake (the referee's ``legal``).
MAX_CHIPS = 10_000
OLD_PLAYERS = 5


@dataclass(frozen=True)
class BouillotteRules(HouseRules):
    panel_title: ClassVar[str] = "House rules (règles de la maison)"

    preset: str = option("seed", "p", "Which ranks the pack keeps for the number of players: the seeds' (five: "
                         "A K Q J 10 8; four: no jacks; three: no queens either), pagat.com's (with nines instead of "
                         "tens), or the old 28-card pack of five players.", choices=("seed", "pagat", "old"),
                         label="The pack (le jeu)",
                         choice_labels={"seed": "the seeds': A K Q J 10 8, fewer for fewer players",
                                        "pagat": "pagat.com's: A K Q J 9 8, fewer for fewer players",
                                        "old": "old Bouillotte: 28 cards, A K Q J 10 9 8 (five players)"})
    start_chips: int = option(30, "s", "The jetons each player starts with (30: five fiches and five jetons).",
                              low=2, high=MAX_CHIPS, label="Starting jetons (la cave)")
    ante: str = option("dealer", "a", "Who puts in the game before the deal: the dealer one jeton as his stake, "
                       "or every player one jeton of dead money (pagat).", choices=("dealer", "all"),
                       label="The game (le jeu du donneur)",
                       choice_labels={"dealer": "the dealer stakes one jeton", "all": "everyone antes one jeton"})
    favori: bool = option(True, "f", "A brelan in hand when the retourne is a queen is a brelan favori.",
                          label="Brelan favori")
    favori_pagat: bool = option(False, "g", "A pair in hand with a retourne of its rank is a brelan favori too "
                                            "(pagat.com).", label="Favori: a pair and the retourne")
    carre_anglais: bool = option(True, "c", "A plain brelan facing a brelan carré at the showdown may turn the "
                                            "first or the last card of the stock, looking for its fourth.",
                                 label="Brelan carré anglais")
    deal_passes: str = option("always", "d", "When the deal passes to the next player: after every deal, or only "
                              "after a deal nobody opened (the seeds).", choices=("always", "unopened"),
                              label="The deal passes",
                              choice_labels={"always": "after every deal", "unopened": "only when nobody opened"})
    variant: str = option("standard", "v", "The game played: Bouillotte with brelans; without brelans (a raise "
                          "adds at most the starting jetons); or old Bouillotte (five players, 28 cards, a pass "
                          "and a raise each cost a jeton, a favori pays double).",
                          choices=("standard", "no-brelan", "old"), label="Variant",
                          choice_labels={"standard": "Bouillotte", "no-brelan": "without brelans (sans brelans)",
                                         "old": "old Bouillotte (l'ancienne bouillotte)"})

    @property
    def pack_preset(self) -> str:
        """The preset the pack is made by: old Bouillotte always plays the old pack."""
        return "old" if self.variant == "old" else self.preset

    @property
    def brelans(self) -> bool:
        return self.variant != "no-brelan"

    @property
    def favori_pays(self) -> int:
        """What a brelan favori takes from each player (old Bouillotte: double)."""
        return 2 if self.variant == "old" else 1


def pack_for(players: int, rules: BouillotteRules) -> Pack:
    """The pack of this many players under these rules; a ScenarioError when there is none."""
    if rules.variant == "old" and players != OLD_PLAYERS:
        raise ScenarioError(f"old Bouillotte is for {OLD_PLAYERS} players, not {players}")
    try:
        return french_pack(players, rules.pack_preset)
    except CardError as err:
        raise ScenarioError(str(err)) from None


def rank_of(card: Card) -> str:
    return card.code[:-1]


def suit_of(card: Card) -> str:
    return card.code[-1]


def points(card: Card) -> int:
    return POINTS[rank_of(card)]


@functools.cache
def mistigri(pack: Pack) -> Card | None:
    """The mistigri: the jack of clubs when jacks are in the pack (then it is also called Saint-James),
    else the queen of clubs when queens are; None in a pack with neither (the seeds: whichever is left)."""
    for rank in ("J", "Q"):
        if rank in pack.ranks:
            return pack.card(rank + "c")
    return None
