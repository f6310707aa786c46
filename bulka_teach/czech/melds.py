"""Melds (hlášky): twenty, fifty, hundred; finding them in a hand, reading them, comparing them."""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..cards import Card, CardError, codes
from ..quoting import quote
from .rules import PACK, RANK

TWENTY, FIFTY, HUNDRED, FOUR = 1, 2, 3, 4
CLASS_NAMES = {TWENTY: "twenty (dvacet)", FIFTY: "fifty (padesát)", HUNDRED: "hundred (sto)",
               FOUR: "hundred in four of a kind (sto ve figuře)"}
CLASS_POINTS = {TWENTY: 20, FIFTY: 50, HUNDRED: 100, FOUR: 100}
LOWEST_FOUR = RANK["9"]  # four VIIs or VIIIs are nothing


class Meld(NamedTuple):
    """A meld: its class, its cards (natural order, or suit order for four of a kind)."""

    kind: int
    cards: tuple[Card, ...]

    @property
    def code(self) -> str:
        return "-".join(codes(self.cards))

    @property
    def points(self) -> int:
        return CLASS_POINTS[self.kind]

    @property
    def height(self) -> tuple[int, int]:
        """Class first, then the highest card in natural order: the key melds are compared by."""
        return self.kind, self.cards[-1].rank  # sequences run low to high; a four is one rank

    @property
    def top_rank(self) -> str:
        return PACK.ranks[self.height[1]]

    @property
    def suit(self) -> str | None:
        """The suit of a sequence; None for four of a kind."""
        return None if self.kind == FOUR else PACK.suits[self.cards[0].suit]

    @property
    def name(self) -> str:
        return CLASS_NAMES[self.kind]


def _sequence_kind(length: int) -> int:
    return TWENTY if length == 3 else FIFTY if length == 4 else HUNDRED


def _runs(mask: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of 3+ set bits in an 8-bit rank mask, as (lowest rank, length)."""
    runs, start = [], None
    for rank in range(9):
        if rank < 8 and mask >> rank & 1:
            start = rank if start is None else start
        elif start is not None:
            if rank - start >= 3:
                runs.append((start, rank - start))
            start = None
    return tuple(runs)


_RUNS = tuple(_runs(mask) for mask in range(256))
_CARDS = PACK.cards
_BIT = tuple(1 << card.index for card in _CARDS)  # a card's bit in a hand's mask: suit * 8 + rank
_SUIT_BASES = tuple(suit * 8 for suit in range(len(PACK.suits)))  # where each suit's 8 rank bits begin


def find_melds(hand: Iterable[Card]) -> list[Meld]:
    """Every meld in the hand, highest first: maximal runs of 3+ in a suit and fours of IX or higher."""
    mask = 0
    for card in hand:
        mask |= _BIT[card.index]
    melds = []
    for base in _SUIT_BASES:
        runs = _RUNS[mask >> base & 255]
        if runs:
            for start, length in runs:
                melds.append(Meld(_sequence_kind(length), _CARDS[base + start: base + start + length]))
    common = (mask & mask >> 8 & mask >> 16 & mask >> 24 & 255) >> LOWEST_FOUR
    if common:
        for rank in range(LOWEST_FOUR, 8):
            if common >> (rank - LOWEST_FOUR) & 1:
                melds.append(Meld(FOUR, tuple(_CARDS[base + rank] for base in _SUIT_BASES)))
    if len(melds) > 1:
        melds.sort(key=lambda m: m.height, reverse=True)
    return melds


def has_hundred(hand: Iterable[Card]) -> bool:
    for meld in find_melds(hand):  # a loop, not any() over a generator: asked once a deal
        if meld.kind >= HUNDRED:
            return True
    return False


def parse_meld(text: str) -> Meld:
    """A meld from its string (``Xb-Ub-Ob``); CardError or ValueError saying what is wrong."""
    cards = PACK.cards_of(text.split("-"))
    if len(set(cards)) != len(cards):
        raise ValueError(f"{quote(text)} names a card twice")
    if len(cards) == 4 and len({c.rank for c in cards}) == 1:
        if cards[0].rank < LOWEST_FOUR:
            raise ValueError(f"{quote(text)}: four sevens or four eights are no meld (four of a kind counts from IX "
                             "up)")
        meld = Meld(FOUR, tuple(sorted(cards, key=lambda c: c.suit)))
    else:
        if len(cards) < 3 or len({c.suit for c in cards}) != 1:
            raise ValueError(f"{quote(text)} is no meld: a meld is 3 or more cards in sequence in one suit, "
                             "or four of a kind from IX up")
        ordered = sorted(cards, key=lambda c: c.rank)
        if any(b.rank != a.rank + 1 for a, b in zip(ordered, ordered[1:])):
            raise ValueError(f"{quote(text)} is no meld: its cards are not in sequence (7 8 9 X U O K A)")
        meld = Meld(_sequence_kind(len(cards)), tuple(ordered))
    if meld.code != text:
        raise ValueError(f"write this meld as {meld.code!r}: sequences low to high, four of a kind in "
                         "suit order h l a b")
    return meld


__all__ = ["Meld", "find_melds", "has_hundred", "parse_meld", "CardError", "TWENTY", "FIFTY", "HUNDRED", "FOUR"]


def _highest(melds: list[Meld]) -> tuple[int, int] | None:
    """The highest of the melds' heights (None: no meld); a loop, cheaper than max over a generator in CPython 3.11
    (asked every deal)."""
    best = None
    for meld in melds:
        height = meld.height
        if best is None or height > best:
            best = height
    return best


def meld_winner(forehand: int, dealer: int, declared: dict[int, list[Meld]]) -> int | None:
    """Whose melds count: the seat with the higher meld (equal melds: the forehand, who led the first trick);
    None when neither declared any. The one rule the engine's deal and the solver both use."""
    best_f, best_d = _highest(declared[forehand]), _highest(declared[dealer])
    if best_d is None:
        return forehand if best_f is not None else None
    return forehand if best_f is not None and best_f >= best_d else dealer


def scored_melds(declared: list[Meld], meld_scope: str) -> list[Meld]:
    """The winner's melds that score: all it declared (``all_of_winner``), or only the best (``best_only``)."""
    return list(declared) if meld_scope == "all_of_winner" else [max(declared, key=lambda m: m.height)]
