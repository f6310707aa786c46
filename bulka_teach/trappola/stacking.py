"""Stack a Trappola deck from the cards you want where: for lessons, tests and referee scenarios.

The dealing order is fixed by the rules: three packets of three to each player, the challenger first
(indexes 0–2, 6–8, 12–14 to the challenger; 3–5, 9–11, 15–17 to the dealer); the other 18 are the dead stock,
index 18 on top and index 35 its face-up bottom card.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import CardError
from .rules import HAND_SIZE, PACK, STOCK_SIZE


def stack_deck(challenger: Sequence[str] = (), dealer: Sequence[str] = (), stock_card: str | None = None,
               stock_top: Sequence[str] = ()) -> list[str]:
    """A 36-code deck giving these cards; unnamed places are filled with the remaining cards in pack order.

    ``challenger``/``dealer``: up to 9 cards each, in the order dealt; ``stock_top``: the top of the stock, the top
    card first; ``stock_card``: the stock's face-up bottom card.
    """
    named = [*challenger, *dealer, *stock_top, *([stock_card] if stock_card else [])]
    cards = PACK.cards_of(named)
    if len(set(cards)) != len(cards):
        raise CardError("a card is named twice")
    for label, part, size in (("challenger", challenger, HAND_SIZE), ("dealer", dealer, HAND_SIZE),
                              ("stock_top", stock_top, STOCK_SIZE - 1)):
        if len(part) > size:
            raise CardError(f"{label} takes at most {size} cards")
    named_set = set(named)
    rest = iter(c.code for c in PACK.cards if c.code not in named_set)

    def fill(part: Sequence[str], size: int) -> list[str]:
        return list(part) + [next(rest) for _ in range(size - len(part))]

    c, d = fill(challenger, HAND_SIZE), fill(dealer, HAND_SIZE)
    stock = fill(stock_top, STOCK_SIZE - 1)
    bottom = stock_card or next(rest)
    return c[0:3] + d[0:3] + c[3:6] + d[3:6] + c[6:9] + d[6:9] + stock + [bottom]
