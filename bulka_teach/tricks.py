"""The trick rules the trick-taking games share: follow suit, trump when you cannot (where the game says so),
beat the card led when able (a house rule), and who wins a trick.

``TrickRules`` is built once per game from its pack and each card's strength in a trick for each trump suit
(``None``: a game without trumps). It answers in two forms that must agree: a plain one on cards, for the
engine's verdicts, its explanations and the table's prompts, and a fast one on bit masks of card indexes, for
the solvers (``tests/test_tricks.py`` checks that they agree on every kind of hand).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card, Pack

FOLLOW, TRUMP, BEAT = "must-follow-suit", "must-trump", "must-beat"  # the reason codes of a play refused


class TrickRules:
    """``TrickRules(pack, strengths, must_trump)``: ``strengths[trump][card.index]`` orders the cards in a trick
    when ``trump`` is the trump suit (every trump above every plain card); ``must_trump``: a player who cannot
    follow suit must play a trump if he holds one."""

    def __init__(self, pack: Pack, strengths: Mapping[int | None, Sequence[int]], must_trump: bool) -> None:
        self.pack = pack
        self.must_trump = must_trump
        self.width = len(pack.ranks)  # a card's index is suit * width + rank
        self.strengths = {t: tuple(s) for t, s in strengths.items()}
        self.suit_masks = tuple(((1 << self.width) - 1) << (s * self.width) for s in range(len(pack.suits)))
        #: by trump, then card index: the mask of the cards of the same suit that beat it
        self.above = {t: tuple(sum(1 << o.index for o in pack.cards if o.suit == c.suit and s[o.index] > s[c.index])
                               for c in pack.cards) for t, s in self.strengths.items()}
        #: by trump, then ``best.index * len(pack) + card.index``: ``beats(card, best, trump)``, looked up
        self.beats_table = {t: tuple(self.beats(card, best, t) for best in pack.cards for card in pack.cards)
                            for t in self.strengths}

    # --- plain: cards ------------------------------------------------------------------------
    def follow(self, hand: list[Card], led: Card | None, trump: int | None,
               must_beat: bool = False) -> tuple[list[Card], str | None]:
        """The cards of ``hand`` that may answer ``led`` (None: leading, any card), and the rule that forbids the
        others (``FOLLOW``, ``TRUMP``, ``BEAT``; None when every card may be played)."""
        if led is None:
            return hand, None
        suit = led.suit
        # loops, not comprehensions: this is every playout's hot path, and in CPython 3.11 a comprehension costs a
        # function object and a frame of its own
        same = []
        for c in hand:
            if c.suit == suit:
                same.append(c)
        if same:
            if must_beat:
                strength = self.strengths[trump]
                higher = [c for c in same if strength[c.index] > strength[led.index]]
                if higher and len(higher) < len(same):
                    return higher, BEAT
            return same, (FOLLOW if len(same) < len(hand) else None)
        if self.must_trump and trump is not None:
            trumps = []
            for c in hand:
                if c.suit == trump:
                    trumps.append(c)
            if trumps and len(trumps) < len(hand):
                return trumps, TRUMP
        return hand, None

    def beats(self, card: Card, best: Card, trump: int | None) -> bool:
        """Whether ``card``, played after ``best`` (the card winning the trick so far), takes the trick: a higher
        card of the same suit, or a trump on a plain card."""
        if card.suit != best.suit and card.suit != trump:
            return False
        strength = self.strengths[trump]
        return strength[card.index] > strength[best.index]

    def winner(self, played: Sequence[tuple[int, Card]], trump: int | None) -> int:
        """The seat that wins a trick of any number of cards (seat, card), led by the first."""
        best_seat, best = played[0]
        for seat, card in played[1:]:
            if self.beats(card, best, trump):
                best_seat, best = seat, card
        return best_seat

    def voids_shown(self, card: Card, led: Card, trump: int | None) -> tuple[int, ...]:
        """The suits a player shows he lacks by answering ``led`` with ``card``: the suit led when he does not
        follow it, and the trumps too when he must trump and does not."""
        if card.suit == led.suit:
            return ()
        if self.must_trump and trump is not None and card.suit != trump:
            return (led.suit, trump)
        return (led.suit,)

    # --- fast: bit masks of card indexes ----------------------------------------------------
    def follow_mask(self, hand: int, led: int, trump: int | None, must_beat: bool = False) -> int:
        """``follow`` on masks: the cards of ``hand`` that may answer the card of index ``led`` (-1: leading)."""
        if led < 0:
            return hand
        same = hand & self.suit_masks[led // self.width]
        if same:
            if must_beat:
                higher = same & self.above[trump][led]
                if higher:
                    return higher
            return same
        if self.must_trump and trump is not None:
            return hand & self.suit_masks[trump] or hand
        return hand

    def mask(self, cards: Sequence[Card]) -> int:
        """The bit mask of these cards."""
        out = 0
        for card in cards:
            out |= 1 << card.index
        return out
