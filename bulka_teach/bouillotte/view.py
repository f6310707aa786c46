"""What one seat may know of a Bouillotte deal: its own three cards and everything public, nothing else.

Hands are secret until shown at the showdown (or, in a void deal, a brelan in hand); the stock is never seen
but for the cards the brelan carré anglais turns up. A folded hand, and the winner's hand when everyone else
folded, stay hidden for good.
"""
from __future__ import annotations

from typing import Any

from ..game import DealView, SessionView
from .deal import Deal


class BouillotteDealView(DealView):
    """A Bouillotte deal as a seat sees it: the common ``DealView`` keys and the game's own."""

    first: int  # the first hand, at the dealer's right
    retourne: str | None
    stock_count: int
    stakes: list[int]  # by seat: all put in this deal
    blinds: list[dict[str, Any]]
    opened: int | None
    highest: int
    folded: list[int]
    all_in: list[int]
    to_speak: list[int]  # the seats still to speak in this round of betting (public: it follows the actions)
    shown: dict[str, list[str]]  # by seat: the hands shown
    turned: list[dict[str, Any]]  # the stock cards the brelan carré anglais turned
    pots: list[dict[str, Any]]  # the pot and side pots as they stand (amount, level, contenders)
    amounts: dict[str, Any]  # for the seat to move, viewing: what it may stake (open or raise range, hold, tapis)


class BouillotteView(SessionView):
    """A Bouillotte session as a seat sees it: the common keys, the dead money and the dealer (current or next)."""

    dead: int
    dealer: int | None
    start_chips: int


def deal_view(deal: Deal, viewer: int | None) -> dict[str, Any]:
    outcome = deal.outcome
    shown = {str(s): [c.code for c in deal.hands[s]] for s in deal.shown}
    view: dict[str, Any] = {
        "number": deal.number,
        "dealer": deal.dealer,
        "first": deal.first,
        "phase": deal.phase,
        "to_move": deal.to_move,
        "hand": [c.code for c in sorted(deal.hands[viewer])] if viewer is not None else [],
        "hand_counts": {str(s): len(deal.hands[s]) for s in deal.seats},
        "retourne": deal.retourne.code if deal.retourne is not None else None,
        "stock_count": len(deal.stock),
        "stakes": list(deal.stakes),
        "blinds": [b.to_dict() for b in deal.blinds],
        "opened": deal.opened,
        "highest": deal.highest,
        "folded": sorted(deal.folded),
        "all_in": [s for s in deal.live if deal.chips[s] == 0] if outcome is None else [],
        "to_speak": sorted(deal.to_speak) if outcome is None and deal.phase == "betting" else [],
        "shown": shown,
        "turned": [{"seat": s, "which": w, "card": c.code} for s, w, c in deal.turned],
        "pots": ([{"amount": p.amount, "level": p.level, "contenders": list(p.contenders)} for p in deal.pots_now()]
                 if outcome is None else []),
        "amounts": deal.amounts() if viewer is not None and viewer == deal.to_move else {},
        "outcome": None,
    }
    if outcome is not None:
        showdown = outcome.result == "showdown"
        view["outcome"] = {"result": outcome.result, "winner": outcome.winner,
                           "pots": [p.to_dict(showdown) for p in outcome.pots],
                           "brelans": [b.to_dict() | b.reasons() for b in outcome.brelans]}
    return view
