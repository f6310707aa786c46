"""A Bouillotte table at the moment of one showdown event: what a stepped lesson table shows at each step.

The last bet of a deal causes the whole showdown in one action: every hand still in is shown, then each pot is
decided, then each brelan is paid, then the deal ends; the action before the deal deals it (a void deal shows
and pays its brelans in that action too). ``rewind`` mends a view drawn after that action back to
the moment of one of those events (the game's ``view_at`` calls it): nobody asked anything, only the hands shown
so far face up, the pots not yet decided still undecided, the brelans not yet paid not yet told, the jetons
before each seat as the last event noted left them (``Deal.chips_at``). It reads the view, the public log and the deal's
public chip counts.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..events import Event
from .deal import Deal

View = dict[str, Any]
#: The events the showdown's action causes after its own one; a stepped view is mended only within them.
FOLLOWING = ("deal", "hand", "void", "show", "pot", "brelan-paid", "deal-end", "void-stakes", "session-over")


def rewind(deal: Deal, view: View, told: Sequence[Event], later: Sequence[Event], upto: int) -> None:
    """``view`` of ``deal`` (after all its events) as it was once event ``upto - 1`` had happened; ``told`` are the
    deal's events up to it, ``later`` the deal's events after it."""
    noted = [i for i in deal.chips_at if i < upto]
    if not noted or not later or any(e.kind not in FOLLOWING for e in later):
        return
    kinds = {e.kind for e in later}
    d = view["deal"]
    view.update(chips=list(deal.chips_at[max(noted)]), to_move=None, legal=[])
    d.update(to_move=None, amounts={})
    if "deal" in kinds:  # the cards are not dealt yet
        d.update(hand=[], hand_counts={s: 0 for s in d["hand_counts"]}, retourne=None, stock_count=0, shown={},
                 outcome=None, phase="deal")
        d.pop("open_hands", None)
        return
    shown_now = {e.seat for e in told if e.kind == "show"}
    d["shown"] = {s: cards for s, cards in d["shown"].items() if int(s) in shown_now}
    outcome = d.get("outcome")
    if outcome is None:  # the hands are being shown, a brelan carré anglais question still to come
        return
    view["previous"] = [p for p in view.get("previous") or [] if p.get("number") != d["number"]]
    if "void" in kinds:  # dealt, the exposed card not yet told
        d.update(outcome=None, phase="deal")
        return
    pots_told = sum(1 for e in told if e.kind == "pot")
    paid_told = {e.seat for e in told if e.kind == "brelan-paid"}
    paid_later = {e.seat for e in later if e.kind == "brelan-paid"}
    settled = pots_told == len(outcome["pots"]) and not paid_later  # a brelan never paid (a mistigri) is told last
    if not pots_told and outcome["pots"]:  # the hands are being shown: the pots stand as the betting left them
        d["outcome"] = None
        d["phase"] = "showdown"
        d["pots"] = [{"amount": p["amount"], "level": p["level"], "contenders": p["contenders"]}
                     for p in outcome["pots"]]
        return
    undecided = {"winner": None, "hand": None, "rank": None, "suit": None, "total": None, "suits": None}
    d["outcome"] = {**outcome,
                    "winner": outcome["winner"],
                    "pots": [p if j < pots_told else {**p, **undecided} for j, p in enumerate(outcome["pots"])],
                    "brelans": [b for b in outcome["brelans"]
                                if b["seat"] in paid_told or settled and b["seat"] not in paid_later]}
