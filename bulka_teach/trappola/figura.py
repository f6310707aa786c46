"""Declarations (Figura, Ansage): three or four of a rank among ace, king, knight, knave and two, Blans and Bianka.

A set's code lists its cards in the pack's suit order s c d b, joined by ``-`` (``Rs-Rc-Rd``, ``2s-2c-2d-2b``);
Blans and Bianka are named (``blans``, ``bianka``). What may be declared when, and what it is worth, is the deal's
and the rules' business; this module knows what a Figura is and which ones a hand holds.
"""
from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import NamedTuple

from ..cards import Card, codes
from ..quoting import quote
from .rules import ACE, COURTS, PACK, SUITS, TrappolaRules

FIGURA_RANKS = "ARCF2"  # the ranks a set may be made of, highest first
BLANS, BIANKA = "blans", "bianka"
RANK_NAMES = {"A": "aces (assi)", "R": "kings (re)", "C": "knights (cavalli)", "F": "knaves (fanti)",
              "2": "twos (due)"}
#: How the table calls a set aloud, as the seed's "Könige für 6".
RANK_CALLS = {"A": "Asse", "R": "Könige", "C": "Cavalle", "F": "Fanti", "2": "Zweier"}
_RANK_INDEX = {r: PACK.ranks.index(r) for r in FIGURA_RANKS}
_SET_RANKS = tuple(_RANK_INDEX[r] for r in FIGURA_RANKS)  # the rank indexes of FIGURA_RANKS, in its order
MANKO_RANKS = "RCF2"  # a three-card set of these may be asked "Manko?" (no Manko for fours or aces)


class Figura(NamedTuple):
    """One declaration: a set (``rank`` and its ``cards``) or Blans/Bianka (``rank`` None, no cards)."""

    code: str
    rank: str | None
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_set(self) -> bool:
        return self.rank is not None

    @property
    def key(self) -> str:
        """What may be declared once: a rank, or Blans/Bianka together (Bianka replaces Blans)."""
        return self.rank if self.rank is not None else BLANS

    @property
    def mankoable(self) -> bool:
        return self.rank is not None and self.size == 3 and self.rank in MANKO_RANKS

    def points(self, rules: TrappolaRules) -> int:
        if self.rank is None:
            return rules.figura_bianka if self.code == BIANKA else rules.figura_blans
        return rules.figura_points(self.rank, self.size)

    def missing_suit(self) -> str | None:
        """The suit a three-card set lacks (the Manko answer)."""
        if self.size != 3:
            return None
        held = {c.suit for c in self.cards}
        return next(SUITS[s] for s in range(len(SUITS)) if s not in held)

    def name(self) -> str:
        """How the table hears it: rank and number, never the suits ("three kings (re)")."""
        if self.rank is None:
            return "Bianka" if self.code == BIANKA else "Blans"
        return f"{'three' if self.size == 3 else 'four'} {RANK_NAMES[self.rank]}"


def parse_figura(text: str) -> Figura:
    """The Figura an action names; CardError for an unreadable card code, ValueError (a sentence) for a string
    that names no Figura."""
    if text in (BLANS, BIANKA):
        return Figura(text, None, ())
    cards = PACK.cards_of(text.split("-"))
    if len(cards) not in (3, 4):
        raise ValueError(f"{quote(text)} names {len(cards)} card(s); a Figura is three or four of a rank, or blans or "
                         "bianka")
    rank = cards[0].code[0]
    if rank not in FIGURA_RANKS or any(c.code[0] != rank for c in cards):
        raise ValueError(f"{quote(text)} is not three or four of one rank among aces, kings, knights, knaves and twos")
    if any(a.suit >= b.suit for a, b in zip(cards, cards[1:], strict=False)):
        raise ValueError(f"write the cards of {quote(text)} in the suit order s c d b, e.g. "
                         + "-".join(sorted(text.split("-"), key=lambda code: SUITS.index(code[-1]))))
    return Figura(text, rank, tuple(cards))


_SUIT_OF = attrgetter("suit")


def _set_of(cards: list[Card]) -> Figura:
    ordered = sorted(cards, key=_SUIT_OF)  # a C key and a list of codes: asked whenever a hand holds three of a rank
    return Figura("-".join(codes(ordered)), ordered[0].code[0], tuple(ordered))


def held_figura(hand: Iterable[Card]) -> list[Figura]:
    """Every Figura the hand could declare: each rank's whole set (three, or the four), Blans, Bianka."""
    cards = list(hand)
    ranks = []
    for card in cards:  # a loop: asked at each seat's first card of every Partie, cheaper than a comprehension
        ranks.append(card.rank)
    found = []
    for r in _SET_RANKS:
        if ranks.count(r) >= 3:
            found.append(_set_of([c for c in cards if c.rank == r]))
    if COURTS.isdisjoint(ranks):
        found.append(Figura(BLANS, None, ()))
        if ACE not in ranks:
            found.append(Figura(BIANKA, None, ()))
    return found


def excluded(figura: Figura, hand: Iterable[Card]) -> list[Card]:
    """The cards of ``hand`` that make a Blans or Bianka false (a court card; for Bianka an ace too)."""
    if figura.rank is not None:
        return []
    ranks = COURTS | ({ACE} if figura.code == BIANKA else set())
    return [c for c in hand if c.rank in ranks]
