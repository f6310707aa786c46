"""A Trappola table at the moment of one event: what a stepped lesson table shows at each step.

One action may cause several events: the second card of a trick is played, the trick is won, a trick bonus is
earned; the last trick is won, the bonuses for the last tricks counted, the points told, the Figura and bonuses
paid, the Partie decided; a Pro answer is followed by the stakes and the deal. ``rewind`` mends a view drawn after
the whole action back to the moment of one of those events (the game's ``view_at`` calls it). It reads the view
and the public log only.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..events import Event
from .bonuses import trick_bonuses
from .rules import TrappolaRules

if TYPE_CHECKING:  # types only: the game imports this module
    from .match import TrappolaBulka

View = dict[str, Any]
#: The events an action causes after its own one (the others start an action, or are told with it).
FOLLOWING = ("trick", "bonus", "score", "renonc", "pay-figura", "pay-bonus", "partie-over", "pro-lost",
             "bulka-won", "draw", "draw-tie", "seats", "stake", "deal", "hand", "play-starts")


def rewind(game: TrappolaBulka, view: View, seat: int | None, upto: int) -> None:
    """``view`` (after every event of ``game``) as it was once the first ``upto`` events had happened."""
    events = game.events
    _session_at(view, events[:upto], game.n)
    deal = view.get("deal")
    if deal is None or upto == 0:
        return
    k = game.deal_index_of(upto - 1)
    assert k is not None, "a view with a deal shows the deal of its last event"
    later = events[upto:game.deal_end(k)]
    if not all(e.kind in FOLLOWING for e in later):
        return  # not the follow-ups of one action: the Partie is shown after its last action
    kinds = {e.kind for e in later}
    view.update(to_move=None, legal=[])
    deal["to_move"] = None
    if "deal" in kinds:  # the stakes are paid, nothing is dealt yet
        deal.update(hand=[], hand_counts={s: 0 for s in deal["hand_counts"]}, stock_card=None, stock_count=0)
        deal.pop("open_hands", None)
        return
    if "partie-over" in kinds:
        deal["outcome"] = None
        view["previous"] = [p for p in view.get("previous") or [] if p.get("number") != deal["number"]]
    if "score" in kinds:
        deal["phase"] = "play"
    for event in reversed(later):
        if event.kind == "trick":
            _undo_trick(deal, event, events[:upto + later.index(event)])
    rules = TrappolaRules.from_dict(view.get("rules") or {})
    shown = trick_bonuses([(t["winner"], t["by_two"]) for t in deal["tricks"]], rules)
    untold = [(e.data["bonus"], tuple(e.data["tricks"])) for e in later if e.kind == "bonus"]
    deal["bonuses"] = [{"seat": b.seat, "bonus": b.bonus, "tricks": list(b.tricks), "points": b.points}
                       for b in shown if (b.bonus, b.tricks) not in untold]


def _undo_trick(deal: View, event: Event, before: Sequence[Event]) -> None:
    """The trick's two cards back on the table, not yet won."""
    plays = [e for e in reversed(before) if e.kind == "play"][:2]
    deal["tricks"] = deal["tricks"][:-1]
    deal["trick"] = [{"seat": e.seat, "card": e.data["card"]} for e in reversed(plays)]
    won = str(event.seat)
    deal["points_won"] = {**deal["points_won"], won: deal["points_won"][won] - event.data["points"]}


def _session_at(view: View, events: Sequence[Event], n: int) -> None:
    """The chips, the Bulka, its number and the streaks from the log up to the moment shown."""
    chips, pot, streaks, bulka = [0] * n, 0, [0] * n, 1
    for e in events:
        kind, data = e.kind, e.data
        if kind == "stake":
            chips[_seat(e)] -= data["amount"]
            pot = data["pot"]
        elif kind == "pay-figura":
            chips[data["from"]] -= data["amount"]
            chips[_seat(e)] += data["amount"]
        elif kind == "pay-bonus":
            chips[data["from"]] -= data["amount"]
            pot = data["pot"]
        elif kind == "bulka-won":
            chips[_seat(e)] += data["chips"]
            pot, streaks, bulka = 0, [0] * n, bulka + 1
        elif kind == "partie-over" and data["winner"] is not None:
            streaks[data["winner"]], streaks[data["loser"]] = data["streak"], 0
        elif kind == "split":
            for s in data["seats"]:
                chips[s] += data["share"]
            pot = data["remainder"]
    view.update(chips=chips, pot=pot, streaks=streaks, pots=[{"name": "Bulka", "amount": pot}])
    if view.get("bulka") is not None:
        view["bulka"] = bulka


def _seat(event: Event) -> int:
    seat = event.seat
    assert seat is not None, f"a {event.kind} event has a seat"
    return seat
