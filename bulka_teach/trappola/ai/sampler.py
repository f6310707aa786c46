"""Possible worlds consistent with one seat's view of a Trappola Partie: the opponent's hand, drawn at random.

What the view tells (``read_view``), and every drawn hand respects:
- the cards this seat holds, the cards played, and the stock's face-up bottom card are not the opponent's (unless
  he took that card with the stock's top nine: then it is his);
- the opponent's voids (a suit he did not follow): none of that suit;
- his Figura as the table heard them: a four names its cards (his, until played); a three-card set says only its
  rank — he held exactly three of that rank when he declared it, so of its cards not yet played by him exactly
  ``3 − played`` are in his hand (never the fourth); a Manko answer names the suit it lacks, so its three cards are
  known; Blans and Bianka say he holds no king, knight or knave (nor ace, for Bianka).
Nothing is read from what he did not declare (declaring is voluntary). Not known to the view, so not used: the
nine this seat laid aside under ``stock_exchange`` (the view gives only their number).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ...cards import Card
from ..figura import parse_figura
from ..rules import ACE, COURTS, PACK, SUITS


@dataclass
class Knowledge:
    """What a seat knows of the opponent's hand in a Partie in play."""

    seat: int
    opponent: int
    hand: list[Card]
    size: int  # the opponent's cards now
    pool: list[Card]  # unseen cards: the opponent's hand is drawn from these and ``known``
    known: set[Card] = field(default_factory=set)  # cards certainly in the opponent's hand
    voids: set[int] = field(default_factory=set)
    exact: dict[int, int] = field(default_factory=dict)  # rank: how many of its unplayed cards he holds exactly
    no_ranks: set[int] = field(default_factory=set)  # ranks he holds none of (Blans, Bianka)

    def allowed(self, card: Card) -> bool:
        """Whether the opponent may hold ``card`` at all (``exact`` counts aside)."""
        return card.suit not in self.voids and card.rank not in self.no_ranks


def _played_by(deal: dict[str, Any], seat: int) -> list[Card]:
    """The cards ``seat`` played in this Partie, in order (each trick lists the leader's card first)."""
    out = []
    leader = deal["challenger"]
    for trick in deal["tricks"]:
        first, second = PACK.cards_of(trick["cards"])
        out.append(first if leader == seat else second)
        leader = trick["winner"]
    out += [PACK.card(t["card"]) for t in deal["trick"] if t["seat"] == seat]
    return out


def read_view(view: dict[str, Any]) -> Knowledge:
    """What the view of a seat playing a Partie says of the opponent's hand."""
    deal = view["deal"]
    seat = view["seat"]
    opponent = next(s for s in deal["seats"] if s != seat)
    hand = PACK.cards_of(deal["hand"])
    seen = set(hand)
    for trick in deal["tricks"]:
        seen.update(PACK.cards_of(trick["cards"]))
    seen.update(PACK.card(t["card"]) for t in deal["trick"])
    known: set[Card] = set()
    if deal["stock_card"]:
        stock_card = PACK.card(deal["stock_card"])
        if deal["stock_card_taken_by"] == opponent and stock_card not in seen:
            known.add(stock_card)
        seen.add(stock_card)
    knowledge = Knowledge(seat=seat, opponent=opponent, hand=hand, size=int(deal["hand_counts"][str(opponent)]),
                          pool=[c for c in PACK.cards if c not in seen and c not in known],
                          voids={SUITS.index(s) for s in deal["voids"][str(opponent)]})
    played = _played_by(deal, opponent)
    for figura in deal["declarations"][str(opponent)]:
        meld = figura.get("meld")
        if meld in ("blans", "bianka") or figura["rank"] is None:
            knowledge.no_ranks |= set(COURTS) | ({ACE} if figura["name"] == "Bianka" or meld == "bianka" else set())
            continue
        rank = PACK.ranks.index(figura["rank"])
        if meld:
            known.update(c for c in parse_figura(meld).cards if c not in seen)
        elif figura.get("manko"):
            known.update(PACK.card(figura["rank"] + s) for s in SUITS
                         if s != figura["manko"] and PACK.card(figura["rank"] + s) not in seen)
        else:
            knowledge.exact[rank] = 3 - sum(1 for c in played if c.rank == rank)
    knowledge.known = known
    knowledge.pool = [c for c in knowledge.pool if c not in known]
    for rank in list(knowledge.exact):
        # the known cards of the rank (none for an untold three) count towards its exact number
        knowledge.exact[rank] -= sum(1 for c in known if c.rank == rank)
    return knowledge


def consistent(knowledge: Knowledge, hand: list[Card]) -> bool:
    """Whether ``hand`` may be the opponent's, by everything the view says."""
    cards = set(hand)
    if len(cards) != len(hand) or len(hand) != knowledge.size or not knowledge.known <= cards:
        return False
    pool = set(knowledge.pool) | knowledge.known
    if not cards <= pool or not all(knowledge.allowed(c) or c in knowledge.known for c in cards):
        return False
    for rank, count in knowledge.exact.items():
        if sum(1 for c in cards - knowledge.known if c.rank == rank) != count:
            return False
    return True


def draw(knowledge: Knowledge, rng: random.Random) -> list[Card]:
    """One opponent hand drawn at random from those ``consistent`` with the view (uniformly within each rank the
    view counts exactly, then over the rest). Should the view's facts leave no hand (they never do in a game
    played by the rules), the constraints of exact counts are dropped before the voids."""
    need = knowledge.size - len(knowledge.known)
    allowed = [c for c in knowledge.pool if knowledge.allowed(c)]
    picked: list[Card] = []
    counted = set(knowledge.exact)
    for rank, count in knowledge.exact.items():
        of_rank = [c for c in allowed if c.rank == rank]
        if count > len(of_rank) or count < 0:
            counted = set()
            picked = []
            break
        picked += rng.sample(of_rank, count)
    rest = [c for c in allowed if c.rank not in counted]
    if len(picked) + len(rest) < need or len(picked) > need:
        picked, rest = [], list(knowledge.pool)  # the view's facts contradict each other: any unseen cards
    hand = list(knowledge.known) + picked + rng.sample(rest, need - len(picked))
    return hand


def worlds(knowledge: Knowledge, n: int, rng: random.Random) -> list[list[Card]]:
    """``n`` opponent hands drawn independently."""
    return [draw(knowledge, rng) for _ in range(n)]
