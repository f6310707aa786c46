"""What one seat may know of a deal: its own cards and everything public, nothing else."""
from __future__ import annotations

from typing import Any

from ..game import DealView, SessionView
from .deal import TRUMP, Deal
from .melds import TWENTY
from .rules import PACK, SUITS


class CzechDealView(DealView):
    """A Czech Bulka deal as a seat sees it: the common ``DealView`` keys and the game's own (the schema
    ``deal_view`` keeps; ``tests/test_session.py`` checks every view against it)."""

    forced: bool  # the dealer of a deal with no deck left after it must take trumps or fold
    forehand: int
    trump: str | None  # the suit letter, once chosen
    declarer: int | None
    offer: dict[str, str] | None  # the suit offered as trumps now and which candidate it is
    dokup_face_down: dict[str, int]  # by seat: dokup cards still face down
    first_candidate: str | None
    stock_top: str | None
    stock_count: int
    out_of_play: list[str]
    taken: dict[str, list[str]]  # by seat: cards taken face up (the šíbr)
    discards: list[str]  # the viewer's own discards
    discard_counts: dict[str, int]
    melds: dict[str, list[dict[str, Any]]]  # by seat: declared melds as far as the viewer knows them
    meld_winner: int | None
    meld_points: int
    trick: list[dict[str, Any]]  # the cards on the table: seat and card
    tricks: list[dict[str, Any]]  # the tricks won: cards and winner
    points_won: dict[str, int] | None  # by seat: card points won so far, once trumps are chosen
    voids: dict[str, list[str]]  # by seat: suits the seat has shown it lacks
    bela: int | None  # the seat scoring bela, once the deal is settled


class CzechView(SessionView):
    """A Czech Bulka session as a seat sees it: the common ``SessionView`` keys and the bank, the streaks,
    the bulka and game number and who sits out."""

    bank: int
    bulka: int
    game_number: int
    streaks: list[int]
    streak_words: list[str]
    sitting_out: int | None


def _sorted(cards) -> list[str]:
    return [c.code for c in sorted(cards)]  # cards order by suit, then rank


def _melds_seen(deal: Deal, owner: int, viewer: int | None) -> list[dict[str, Any]]:
    state = deal.melds[owner]
    seen = []
    for meld in state.declared:
        entry: dict[str, Any] = {"name": meld.name, "points": meld.points,
                                 "scored": owner == deal.meld_winner and meld in deal.scored_melds}
        if viewer == owner or meld.kind > TWENTY or state.height_known:
            entry["height"] = meld.top_rank
        if viewer == owner or meld.kind > TWENTY or state.suit_known:
            entry["meld"] = meld.code
        seen.append(entry)
    return seen


def deal_view(deal: Deal, viewer: int | None) -> dict[str, Any]:
    """The deal as ``viewer`` sees it; None or a seat sitting out sees only public facts."""
    playing = viewer is not None and viewer in deal.seats
    outcome = deal.outcome
    view: dict[str, Any] = {
        "number": deal.number,
        "forced": deal.forced,
        "dealer": deal.dealer,
        "forehand": deal.forehand,
        "phase": deal.phase,
        "to_move": deal.to_move,
        "trump": SUITS[deal.trump] if deal.trump is not None else None,
        "declarer": deal.declarer,
        "offer": ({"suit": SUITS[deal.offers[deal.offer_index][0]], "which": deal.offers[deal.offer_index][1]}
                  if deal.phase == TRUMP else None),
        "hand": _sorted(deal.hands[viewer]) if viewer is not None and playing else [],
        "hand_counts": {str(s): len(deal.hands[s]) for s in deal.seats},
        "dokup_face_down": {str(s): (0 if deal.trump is not None else 3) for s in deal.seats},
        "first_candidate": deal.first_candidate.code if deal.first_candidate is not None else None,
        "stock_top": deal.stock[-1].code if deal.stock else None,
        "stock_count": len(deal.stock),
        "out_of_play": [c.code for c in deal.out_of_play],
        "taken": {str(s): [c.code for c in deal.taken[s]] for s in deal.seats},
        "discards": [c.code for c in deal.discards[viewer]] if viewer is not None and playing else [],
        "discard_counts": {str(s): len(deal.discards[s]) for s in deal.seats},
        "melds": {str(s): _melds_seen(deal, s, viewer) for s in deal.seats},
        "meld_winner": deal.meld_winner,
        "meld_points": sum(m.points for m in deal.scored_melds),  # the melds themselves: in "melds"
        "trick": [{"seat": s, "card": c.code} for s, c in deal.trick],
        "tricks": [{"cards": [c.code for _, c in t], "winner": w} for t, w in deal.tricks],
        "points_won": {str(s): p for s, p in deal.card_points().items()} if deal.trump is not None else None,
        "voids": {str(s): sorted(PACK.suits[v] for v in deal.voids[s]) for s in deal.seats},
        "bela": deal.bela() if outcome is not None and outcome.points is not None else None,
        "outcome": None,
    }
    if outcome is not None:
        o = outcome
        view["outcome"] = {"kind": o.kind, "winner": o.winner, "loser": o.loser, "pays": o.pays,
                           "points": {str(s): p for s, p in o.points.items()} if o.points else None,
                           "renonc": o.renonc.message if o.renonc else None}
    return view
