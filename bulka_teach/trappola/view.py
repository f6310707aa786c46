"""What one seat may know of a Partie: its own cards and everything public, nothing else.

Figura are seen as the table heard them — rank, number and points ("three kings (re) for 6"), never the suits of a
three-card set — plus the suit a Manko answer told; a four, Blans and Bianka name every card they mean. The declarer
sees his own in full; once the Partie is over every Figura is laid down and shown. Waiting seats and spectators see
what a spectator sees, in a Pro Partie too.
"""
from __future__ import annotations

from typing import Any

from .deal import OVER, Declared, Partie
from .rules import SUITS


def _sorted(cards) -> list[str]:
    return [c.code for c in sorted(cards)]  # cards order by suit, then rank


def _figura_seen(partie: Partie, declared: Declared, owner: int, viewer: int | None) -> dict[str, Any]:
    figura = declared.figura
    entry: dict[str, Any] = {"name": figura.name(), "rank": figura.rank, "count": figura.size,
                             "points": declared.points, "trick": declared.trick, "manko": declared.manko}
    if viewer == owner or figura.size != 3 or partie.phase == OVER:
        entry["meld"] = figura.code
    return entry


def deal_view(partie: Partie, viewer: int | None, n: int) -> dict[str, Any]:
    """The Partie as ``viewer`` sees it; None or a waiting seat sees only public facts."""
    playing = viewer is not None and viewer in partie.seats
    seats = partie.seats
    outcome = partie.outcome
    view: dict[str, Any] = {
        "number": partie.number,
        "dealer": partie.dealer,
        "challenger": partie.challenger,
        "seats": list(seats),
        "phase": partie.phase,
        "to_move": partie.to_move,
        "pro": partie.pro,
        "multiplier": partie.multiplier,
        "replay": partie.replay,
        "hand": _sorted(partie.hands[viewer]) if playing and viewer is not None else [],
        "hand_counts": {str(s): len(partie.hands[s]) for s in seats},
        "stock_card": partie.stock_card.code if partie.dealt else None,  # face up once dealt, not before Pro
        "stock_count": len(partie.stock),
        "stock_card_taken_by": partie.stock_card_taker,
        "set_aside_counts": {str(s): len(partie.set_aside[s]) for s in seats},
        "exchanged": {str(s): partie.exchanged[s] for s in seats if s in partie.exchanged},
        "declarations": {str(s): [_figura_seen(partie, d, s, viewer) for d in partie.declared[s]] for s in seats},
        "manko_asked": {str(s): partie.manko_asked[s] for s in seats},
        "played": {str(s): partie.played[s] for s in seats},
        "aces_played": {str(s): partie.aces_played[s] for s in seats},
        "trick": [{"seat": s, "card": c.code} for s, c in partie.trick],
        "tricks": [{"cards": [c.code for _, c in t], "winner": w, "by_two": b}
                   for (t, w), (_, b) in zip(partie.tricks, partie.by_two, strict=True)],
        "points_won": {str(s): p for s, p in partie.card_points().items()},
        "bonuses": [{"seat": b.seat, "bonus": b.bonus, "tricks": list(b.tricks), "points": b.points}
                    for b in partie.bonuses()],
        "voids": {str(s): [SUITS[v] for v in sorted(partie.voids[s])] for s in seats},
        "waiting": [s for s in range(n) if s not in seats],
        "outcome": None,
    }
    if outcome is not None:
        view["outcome"] = {"result": outcome.result, "winner": outcome.winner, "loser": outcome.loser,
                           "points": {str(s): p for s, p in outcome.points.items()},
                           # the refusal's sentence names the offender's cards: his alone
                           "renonc": ({"seat": outcome.loser, "reason": outcome.renonc.reason,
                                       "message": outcome.renonc.message if viewer == outcome.loser else None}
                                      if outcome.renonc else None),
                           "last_trick": {str(s): p for s, p in partie.last_trick_points().items()}}
    return view

