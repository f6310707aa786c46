"""The worlds a Bouillotte seat cannot tell apart: the hidden hands and the stock, drawn consistent with its view
and weighted by how each player has bet so far; and each world rebuilt as the engine's own ``Deal`` at the
view's moment, so that playing on from it counts every showdown, pot, side pot and brelan payment as the engine
does (nothing of the settlement is written here).

A seat sees its hand, the retourne, the hands shown and the stock cards turned; everything else of the pack
is unseen. A world deals the unseen cards to the hidden hands and the stock. The weights read the log: each
bet of a player (open, raise, tapis; hold; pass; fold) is more or less likely for the hand a world gives him
(``BET_LIKELIHOOD``, by the class of hand the teaching rules see: a brelan, strong points, fair, weak).
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...cards import Card, Pack
from ..deal import ANGLAIS, BETTING, CARRE_ASK, CONTRE_ASK, Blind, Deal, Table
from ..hands import CARRE, MISTIGRI, Brelan, brelan_of
from ..rules import HAND_SIZE, BouillotteRules, pack_for
from .teaching import FAIR_POINTS, STRONG_POINTS, suit_totals

AGGRESSIVE, HOLD, PASS, FOLD = "aggressive", "hold", "pass", "fold"
_KINDS = {"open": AGGRESSIVE, "raise": AGGRESSIVE, "tapis": AGGRESSIVE, "hold": HOLD, "pass": PASS, "fold": FOLD}
#: How likely each kind of bet is for each class of hand (relative: only ratios matter). A weak hand opens or
#: raises a quarter as often as a strong one (a bluff), a brelan folds a fifth as often as a weak hand.
BET_LIKELIHOOD = {
    "brelan": {AGGRESSIVE: 1.0, HOLD: 1.0, PASS: 0.5, FOLD: 0.2},
    "strong": {AGGRESSIVE: 1.0, HOLD: 1.0, PASS: 0.5, FOLD: 0.4},
    "fair": {AGGRESSIVE: 0.6, HOLD: 0.8, PASS: 0.8, FOLD: 0.8},
    "weak": {AGGRESSIVE: 0.25, HOLD: 0.4, PASS: 1.0, FOLD: 1.0},
}


@dataclass
class Known:
    """What one seat's view fixes of a deal."""

    view: dict[str, Any]
    seat: int
    n: int
    rules: BouillotteRules
    pack: Pack
    phase: str
    hands: dict[int, list[Card]]  # the hands the seat sees: its own, and those shown
    retourne: Card | None
    turned: list[tuple[int, str, Card]]
    hidden: list[int]  # the seats whose hands it cannot see
    unseen: list[Card]  # the cards it cannot see (the hidden hands and the stock)
    stock_count: int
    bets: dict[int, list[str]]  # by seat: the kinds of its bets this deal, in order

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Known:
        deal = view["deal"]
        seat, n = view["seat"], len(view["players"])
        rules = BouillotteRules.from_dict(view["rules"])
        pack = pack_for(n, rules)
        hands = {seat: pack.cards_of(deal["hand"])} if deal["hand"] else {}
        hands.update({int(s): pack.cards_of(cards) for s, cards in deal["shown"].items()})
        retourne = pack.card(deal["retourne"]) if deal["retourne"] else None
        turned = [(t["seat"], t["which"], pack.card(t["card"])) for t in deal["turned"]]
        seen = {c for h in hands.values() for c in h} | {c for _, _, c in turned} | ({retourne} if retourne else set())
        unseen = [c for c in pack.cards if c not in seen]
        dealt = deal["phase"] not in (CARRE_ASK, CONTRE_ASK)
        hidden = [s for s in range(n) if s not in hands] if dealt else list(range(n))
        bets: dict[int, list[str]] = {s: [] for s in range(n)}
        after_deal = False
        for entry in view["log"]:
            after_deal = after_deal or entry["kind"] == "deal"
            if after_deal and entry["kind"] in _KINDS and entry["seat"] is not None:
                bets[entry["seat"]].append(_KINDS[entry["kind"]])
        return cls(view, seat, n, rules, pack, deal["phase"], hands, retourne, turned, hidden, unseen,
                   deal["stock_count"], bets)


class World(NamedTuple):
    """One way the unseen cards lie: every seat's hand and the stock, top first."""

    hands: dict[int, list[Card]]
    stock: list[Card]


def hand_class(hand: list[Card], retourne: Card | None, rules: BouillotteRules, pack: Pack, live_others: int) -> str:
    """How the teaching rules see a hand: a brelan, strong points (the mistigri too), fair, or weak."""
    brelan = brelan_of(hand, retourne, rules, pack)
    if brelan is not None:
        return "strong" if brelan.hand == MISTIGRI else "brelan"
    best = max(suit_totals(hand, retourne, pack, live_others).values(), default=0.0)
    return "strong" if best >= STRONG_POINTS else "fair" if best >= FAIR_POINTS else "weak"


def weight(known: Known, world: World) -> float:
    """How likely the bets so far are, had the hidden players held this world's hands (1: nothing to tell)."""
    w = 1.0
    for seat in known.hidden:
        bets = known.bets[seat]
        if bets:
            likely = BET_LIKELIHOOD[hand_class(world.hands[seat], known.retourne, known.rules, known.pack,
                                               known.n - 1)]
            w *= math.prod(likely[b] for b in bets)
    return w


def draw(known: Known, rng: random.Random) -> World:
    """A world drawn uniformly among those the view allows."""
    cards = list(known.unseen)
    rng.shuffle(cards)
    hands = dict(known.hands)
    for k, seat in enumerate(known.hidden):  # before the cards (the carre) every hand is hidden, one's own too
        hands[seat] = cards[k * HAND_SIZE:(k + 1) * HAND_SIZE]
    return World(hands, cards[len(known.hidden) * HAND_SIZE:])


def enumerate_worlds(known: Known, rng: random.Random, limit: int) -> list[tuple[World, float]] | None:
    """Every hand the one hidden player still in may hold, each with its weight (the other hidden cards drawn
    once each), when there are at most ``limit``; None otherwise (then the worlds are sampled)."""
    if known.phase != BETTING:
        return None
    folded = set(known.view["deal"]["folded"])
    live = [s for s in known.hidden if s not in folded]
    if len(live) != 1 or math.comb(len(known.unseen), HAND_SIZE) > limit:
        return None
    (opponent,) = live
    worlds = []
    for combo in itertools.combinations(known.unseen, HAND_SIZE):
        rest = [c for c in known.unseen if c not in combo]
        rng.shuffle(rest)
        hands = dict(known.hands)
        hands[opponent] = list(combo)
        others = [s for s in known.hidden if s != opponent]
        for k, seat in enumerate(others):
            hands[seat] = rest[k * HAND_SIZE:(k + 1) * HAND_SIZE]
        world = World(hands, rest[len(others) * HAND_SIZE:])
        worlds.append((world, weight(known, world)))
    return worlds


def sample_worlds(known: Known, count: int, rng: random.Random, pool: int = 4) -> list[World]:
    """``count`` worlds: ``pool`` times as many drawn uniformly, then kept by their weights (with replacement)."""
    drawn = [draw(known, rng) for _ in range(count * pool)]
    weights = [weight(known, w) for w in drawn]
    if not any(weights):
        return drawn[:count]
    return rng.choices(drawn, weights=weights, k=count)


# --- a world as the engine's deal ------------------------------------------------------------
class _Carried(NamedTuple):
    """What a deal keeps of the one before it (the engine's void-deal path): the stakes and the blinds."""

    stakes: list[int]
    blinds: list[Blind]


def rebuild(known: Known, world: World, blinds: list[Blind] | None = None,
            stakes: list[int] | None = None, chips: list[int] | None = None) -> Deal:
    """The engine's ``Deal`` at the view's moment in this world: dealt, the stakes, blinds, folds, the open and who
    is still to speak as the view shows them (``blinds``/``stakes``/``chips`` override them for a carre valued
    before the cards)."""
    view, deal_view = known.view, known.view["deal"]
    n, dealer = known.n, deal_view["dealer"]
    table = Table(list(chips if chips is not None else view["chips"]), view["dead"])
    deck = [world.hands[(dealer + 1 + i) % n][i // n] for i in range(HAND_SIZE * n)]
    retourne = known.retourne
    if retourne is None:  # the carre comes before the cards: the world's stock holds the retourne first
        retourne, stock = world.stock[0], world.stock[1:]
    else:
        stock = world.stock
    carried = _Carried(list(stakes if stakes is not None else deal_view["stakes"]),
                       blinds if blinds is not None else [Blind(b["seat"], b["kind"], b["amount"])
                                                          for b in deal_view["blinds"]])
    deal = Deal(known.rules, known.pack, table, dealer, deal_view["number"], [*deck, retourne, *stock], [],
                None, carried)  # type: ignore[arg-type]
    deal.redeal = False
    if known.phase == BETTING:
        deal.folded = set(deal_view["folded"])
        deal.opened = deal_view["opened"]
        deal.to_speak = set(deal_view["to_speak"])
        deal.to_move = known.seat
    elif known.phase == ANGLAIS:
        deal.folded = set(deal_view["folded"])
        deal.opened = deal_view["opened"]
        deal.shown = deal.live
        deal.brelans = {s: brelan_of(deal.hands[s], deal.retourne, known.rules, known.pack) for s in deal.shown}
        for seat, which, card in known.turned:
            deal.turned.append((seat, which, card))
            found = deal.brelans.get(seat)
            if found is not None and card.code[:-1] == found.rank:
                deal.brelans[seat] = Brelan(CARRE, found.rank)
        deal.asked_anglais = set(deal.priority[:deal.priority.index(known.seat) + 1])
        deal.phase, deal.to_move, deal.to_speak = ANGLAIS, known.seat, set()
    return deal
