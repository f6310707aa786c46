"""Czech Bulka's house rules and card tables (trick order and points, plain and trump)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from ..cards import MARIAS, Card
from ..house_rules import HouseRules, option
from ..tricks import TrickRules


@dataclass(frozen=True)
class CzechRules(HouseRules):
    panel_title: ClassVar[str] = "House rules (domácí pravidla)"

    stake: int = option(10, "s", "The stake S: everyone pays it into the bank at the start of a bulka, "
                                 "and a declarer who loses (spadne) pays it.", low=1, label="Stake (vsaz)")
    meld_scope: str = option("all_of_winner", "m", "Which melds the player with the higher meld scores: "
                             "all that player declared, or only the best one.", choices=("all_of_winner", "best_only"),
                             label="Melds scored (hlášky)",
                             choice_labels={"all_of_winner": "all of the winner's", "best_only": "only the best one"})
    must_beat: bool = option(False, "b", "The follower must also beat the card led when able.",
                             label="Must beat the card led")
    bela_mode: str = option("holder", "c", "Who gets the 40 for bela: the player who held trump O and K "
                            "together, or whoever wins both in tricks.", choices=("holder", "capture"),
                            label="Bela's 40 goes to",
                            choice_labels={"holder": "who held O and K", "capture": "who wins O and K in tricks"})
    renonc_mode: bool = option(False, "r", "Accept a rule error (revoke, false meld), then end the game and "
                                           "punish it, instead of refusing it.",
                               label="Renonc: accept rule errors, then punish")
    max_deals: int = option(3, "d", "Deals before the dealer is forced to choose trumps.", low=1, high=9,
                            label="Deals before the dealer is forced")
    exchange_chain: str = option("trumps", "e", "After the visible stock trump, also take each next visible "
                                 "trump (or only the one).", choices=("trumps", "none"),
                                 label="Šíbr takes the next visible trumps",
                                 choice_labels={"trumps": "yes, each next trump", "none": "no, only the one"})


PACK = MARIAS
SUITS = PACK.suits  # h l a b
SUIT_NAMES = {"h": "hearts", "l": "leaves", "a": "acorns", "b": "bells"}
SUIT_NAMES_CZ = {"h": "červené", "l": "zelené", "a": "žaludy", "b": "kule"}

_PLAIN_ORDER = "789UOKXA"  # low to high within a plain suit
_TRUMP_ORDER = "78UKXA9O"  # low to high within the trump suit
_PLAIN_POINTS = {"A": 11, "X": 10, "K": 4, "O": 3, "U": 2}
_TRUMP_POINTS = {"O": 20, "9": 14, "A": 11, "X": 10, "K": 4, "U": 2}

#: By card index: strength in a plain suit, strength as a trump, points plain, points as trump.
PLAIN_STRENGTH = tuple(_PLAIN_ORDER.index(c.code[0]) for c in PACK.cards)
TRUMP_STRENGTH = tuple(_TRUMP_ORDER.index(c.code[0]) for c in PACK.cards)
PLAIN_POINTS = tuple(_PLAIN_POINTS.get(c.code[0], 0) for c in PACK.cards)
TRUMP_POINTS = tuple(_TRUMP_POINTS.get(c.code[0], 0) for c in PACK.cards)
#: By trump suit, then card index: trick strength (every trump above every plain card) and points.
STRENGTH_WITH_TRUMP = tuple(tuple(100 + TRUMP_STRENGTH[c.index] if c.suit == t else PLAIN_STRENGTH[c.index]
                                  for c in PACK.cards) for t in range(len(PACK.suits)))
POINTS_WITH_TRUMP = tuple(tuple(TRUMP_POINTS[c.index] if c.suit == t else PLAIN_POINTS[c.index]
                                for c in PACK.cards) for t in range(len(PACK.suits)))
#: follow suit (and beat the card led, house rule ``must_beat``), else trump: the one source of the follow rules
TRICK_RULES = TrickRules(PACK, dict(enumerate(STRENGTH_WITH_TRUMP)), must_trump=True)
LAST_TRICK = 10
BELA = 40
RANK = {r: i for i, r in enumerate(PACK.ranks)}  # natural order: 7 8 9 X U O K A


def points(card: Card, trump: int) -> int:
    return POINTS_WITH_TRUMP[trump][card.index]


def card_of(rank: str, suit: int) -> Card:
    return PACK.cards[suit * 8 + RANK[rank]]


EXCHANGERS = tuple(RANK[r] for r in "789")  # the seven, else the eight, else the nine (minda)


def exchanging_card(trump: int, face_up: Iterable[Card]) -> Card | None:
    """The card that exchanges (šíbr) for the trumps among ``face_up``: the lowest of the 7, 8 and 9 of trumps
    that is not itself face up; None when no trump lies face up. The one source of the rule."""
    ranks = set()
    for card in face_up:  # loops, not comprehensions: asked on every deal's way to play (cheaper in CPython 3.11)
        if card.suit == trump:
            ranks.add(card.rank)
    if not ranks:
        return None
    for rank in EXCHANGERS:
        if rank not in ranks:
            return PACK.cards[trump * 8 + rank]
    raise AssertionError("at most two cards lie face up, and three ranks exchange")  # unreachable
