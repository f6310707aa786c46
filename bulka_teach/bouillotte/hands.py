"""What a Bouillotte hand is worth at the showdown: the brelans, best first, and the points (les points).

Best first: brelan carré (three of a kind and the fourth as the retourne) > brelan (three of a kind) > brelan
favori (a brelan in hand under a queen retourne; house rule: a pair and the retourne of its rank) > brelan
mistigri (the mistigri with a pair; Saint-James when the mistigri is the jack of clubs) > points. Brelans of
one class compare by rank (the mistigri by its pair). Without a brelan, for each suit the hand holding its
highest card collects that suit from every hand compared and the retourne; the largest single-suit total wins,
a tie going to the first hand from the dealer's right.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..cards import Card, Pack
from .rules import SUITS, BouillotteRules, mistigri, points, rank_of, suit_of

CARRE, BRELAN, FAVORI, MISTIGRI, POINTS = "brelan-carre", "brelan", "brelan-favori", "brelan-mistigri", "points"
#: The brelans' classes, low to high.
CLASS_ORDER = {MISTIGRI: 1, FAVORI: 2, BRELAN: 3, CARRE: 4}
#: A plain brelan: three of a kind in hand, not a carré (the ones the brelan carré anglais asks).
PLAIN = (BRELAN, FAVORI)


class Brelan(NamedTuple):
    """A brelan of some class (``hand``) and rank (the mistigri's: its pair's)."""

    hand: str
    rank: str

    def key(self, pack: Pack) -> tuple[int, int]:
        return CLASS_ORDER[self.hand], pack.ranks.index(self.rank)


def brelan_of(cards: Sequence[Card], retourne: Card | None, rules: BouillotteRules, pack: Pack,
              fourth: bool = False) -> Brelan | None:
    """The best brelan of a three-card hand under ``retourne`` (None: no retourne, the void deal), or None.

    ``fourth``: the brelan carré anglais turned the fourth card of the hand's rank from the stock.
    """
    if not rules.brelans:
        return None
    ranks = [rank_of(c) for c in cards]
    rank = max(ranks, key=ranks.count)  # the commonest rank, the first seen among equals
    count = ranks.count(rank)
    up = rank_of(retourne) if retourne is not None else None
    if count == 3:
        if up == rank or fourth:
            return Brelan(CARRE, rank)
        if up == "Q" and rules.favori:
            return Brelan(FAVORI, rank)
        return Brelan(BRELAN, rank)
    if count == 2:
        if up == rank and rules.favori_pagat:
            return Brelan(FAVORI, rank)
        card = mistigri(pack)
        odd = next(c for c in cards if rank_of(c) != rank)
        if card is not None and odd is card:
            return Brelan(MISTIGRI, rank)
    return None


def mistigri_name(pack: Pack) -> str:
    """How the mistigri's brelan is called in this pack: Saint-James when it is the jack of clubs."""
    card = mistigri(pack)
    return "brelan Saint-James" if card is not None and card.code == "Jc" else "brelan mistigri"


class PointsShowdown(NamedTuple):
    """The points showdown among some hands: each collected suit's [collector, total], the winner, his best."""

    suits: dict[str, list[int]]
    winner: int
    suit: str
    total: int


def points_showdown(hands: Mapping[int, Sequence[Card]], retourne: Card | None, pack: Pack,
                    priority: Sequence[int]) -> PointsShowdown:
    """For each suit the hand holding its highest card collects the suit from every hand and the retourne; the
    largest single-suit total wins; ``priority`` (the seats from the dealer's right) breaks a tie."""
    top: dict[str, tuple[int, int]] = {}  # each suit's highest card held: (its rank, the seat holding it)
    totals = dict.fromkeys(SUITS, 0)
    for seat, cards in hands.items():
        for card in cards:
            suit = suit_of(card)
            totals[suit] += points(card)
            if suit not in top or card.rank > top[suit][0]:
                top[suit] = (card.rank, seat)
    if retourne is not None:
        totals[suit_of(retourne)] += points(retourne)
    suits = {suit: [top[suit][1], totals[suit]] for suit in SUITS if suit in top}  # a suit nobody holds: nothing
    best: dict[int, tuple[int, str]] = {}
    for suit, (collector, total) in suits.items():
        if collector not in best or total > best[collector][0]:
            best[collector] = (total, suit)
    order = {seat: i for i, seat in enumerate(priority)}
    winner = max(best, key=lambda seat: (best[seat][0], -order[seat]))
    total, suit = best[winner]
    return PointsShowdown(suits, winner, suit, total)


class Verdict(NamedTuple):
    """Who wins among some contenders, and with what."""

    winner: int
    hand: str
    rank: str | None
    showdown: PointsShowdown | None


def decide(contenders: Sequence[int], hands: Mapping[int, Sequence[Card]], brelans: Mapping[int, Brelan | None],
           retourne: Card | None, pack: Pack, priority: Sequence[int]) -> Verdict:
    """The best hand among ``contenders`` alone: the highest brelan, else the points."""
    with_brelan = [s for s in contenders if brelans.get(s) is not None]
    if with_brelan:
        top = max(with_brelan, key=lambda s: brelans[s].key(pack))  # type: ignore[union-attr]
        found = brelans[top]
        assert found is not None, "a contender with a brelan"
        return Verdict(top, found.hand, found.rank, None)
    showdown = points_showdown({s: hands[s] for s in contenders}, retourne, pack, priority)
    return Verdict(showdown.winner, POINTS, None, showdown)
