"""Stack a Czech Bulka deck from the cards you want where: for lessons, tests and referee scenarios.

The dealing order is fixed by the rules: 3 to the forehand, 3 to the dealer, 3 and 3 again,
the first candidate, 3 face-down dokup cards each (forehand first), then the 13-card stock
whose last card lies on top, face up: the second candidate.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import CardError
from .rules import PACK


def stack_deck(forehand: Sequence[str] = (), dealer: Sequence[str] = (), first: str | None = None,
               forehand_dokup: Sequence[str] = (), dealer_dokup: Sequence[str] = (),
               stock_top: Sequence[str] = ()) -> list[str]:
    """A 32-code deck giving these cards; unnamed places are filled with the remaining cards in pack order.

    ``forehand``/``dealer``: up to 6 cards each; ``*_dokup``: up to 3 each; ``stock_top``: the top
    of the stock, the visible card first, then the ones under it.
    """
    named = [*forehand, *dealer, *([first] if first else []), *forehand_dokup, *dealer_dokup, *stock_top]
    cards = PACK.cards_of(named)
    if len(set(cards)) != len(cards):
        raise CardError("a card is named twice")
    for label, part, size in (("forehand", forehand, 6), ("dealer", dealer, 6), ("forehand_dokup", forehand_dokup, 3),
                              ("dealer_dokup", dealer_dokup, 3), ("stock_top", stock_top, 13)):
        if len(part) > size:
            raise CardError(f"{label} takes at most {size} cards")
    named_set = set(named)
    rest = iter(c.code for c in PACK.cards if c.code not in named_set)

    def fill(part: Sequence[str], size: int) -> list[str]:
        return list(part) + [next(rest) for _ in range(size - len(part))]

    f, d = fill(forehand, 6), fill(dealer, 6)
    cand = first or next(rest)
    fd, dd = fill(forehand_dokup, 3), fill(dealer_dokup, 3)
    under = [next(rest) for _ in range(13 - len(stock_top))]
    stock = under + list(reversed(stock_top))  # the deck's last card is the visible top
    return f[:3] + d[:3] + f[3:] + d[3:] + [cand] + fd + dd + stock
