"""Stacked decks for lessons and tests: a deck from the hands wanted, the retourne and the stock's ends."""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import Pack
from .rules import HAND_SIZE


def stack_deck(pack: Pack, hands: Sequence[Sequence[str]], dealer: int, retourne: str,
               stock_first: Sequence[str] = (), stock_last: Sequence[str] = ()) -> list[str]:
    """The deck that deals ``hands[s]`` to seat ``s`` (one card at a time from the dealer's right, the dealer last),
    turns up ``retourne``, and leaves ``stock_first`` at the top of the stock and ``stock_last`` at its bottom
    (the rest of the pack between them, in pack order)."""
    n = len(hands)
    if any(len(h) != HAND_SIZE for h in hands):
        raise ValueError("every hand has three cards")
    deck = [""] * (HAND_SIZE * n)
    for i in range(HAND_SIZE * n):
        seat = (dealer + 1 + i) % n
        deck[i] = hands[seat][i // n]
    used = set(deck) | {retourne} | set(stock_first) | set(stock_last)
    middle = [c.code for c in pack.cards if c.code not in used]
    return deck + [retourne, *stock_first, *middle, *stock_last]
