"""A Trappola table at the moment of one event: what a stepped lesson table shows at each step.

One action may cause several events: the second card of a trick is played, the trick is won, a trick bonus is
earned; the last trick is won, the bonuses for the last tricks counted, the points told, the Figura and bonuses
paid, the Partie decided; a Pro answer is followed by the stakes and the deal. ``rewind`` mends a view drawn after
the whole action back to the moment of one of those events (the game's ``view_at`` calls it); ``deal_moments`` shows
the deal in its packets of three and then the stock with its face-up bottom card. Everything here reads the view and
the public log; a seat's own cards come from events that seat was shown.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..events import Event
from .bonuses import trick_bonuses
from .rules import PACK, TrappolaRules

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


# --- the deal, packet by packet ------------------------------------------------------------------------------

def _sorted(codes: Sequence[str]) -> list[str]:
    return [c.code for c in sorted(PACK.cards_of(list(codes)))]


def deal_moments(game: TrappolaBulka, index: int, seat: int | None, view: View) -> list[tuple[str, View]]:
    """The deal of event ``index`` as the dealer does it: three cards to the challenger, three to the dealer, three
    times round, then the stock with its bottom card face up. ``view`` is the table once all of it lies there."""
    event = game.events[index]
    d, c = event.data["dealer"], event.data["challenger"]
    dealt = {e.seat: list(e.secret["cards"]) for e in game.events[index + 1:index + 3]
             if e.kind == "hand" and e.secret}  # each hand in the order it was dealt

    def who(s: int) -> str:
        return game.name(s) + (" (you)" if s == seat else "")

    deal = view["deal"]
    open_hands = deal.get("open_hands")

    def packets(c_count: int, d_count: int) -> View:
        counts = {c: c_count, d: d_count}
        shown = {**deal, "hand_counts": {s: counts[int(s)] for s in deal["hand_counts"]}, "stock_card": None,
                 "stock_count": 0, "to_move": None}
        if seat in counts:
            shown["hand"] = _sorted(dealt[seat][:counts[seat]])
        if open_hands is not None:
            shown["open_hands"] = {s: _sorted(dealt[int(s)][:counts[int(s)]]) for s in open_hands}
        return {**view, "deal": shown, "to_move": None, "legal": []}

    return [
        (f"{who(d)} deals Partie {event.data['number']}: three cards to {who(c)}, the challenger (Herausforderer), "
         "who will lead.", packets(3, 0)),
        (f"Then three to {who(d)}, the dealer (mazziere, Geber).", packets(3, 3)),
        (f"Three more to {who(c)}.", packets(6, 3)),
        (f"Three more to {who(d)}.", packets(6, 6)),
        (f"The last three to {who(c)}.", packets(9, 6)),
        (f"And the last three to {who(d)}: nine cards each, which nobody shows.", packets(9, 9)),
        (f"The other {deal['stock_count']} cards are the stock (Stapel), dead: nobody draws from it. Its bottom "
         f"card, {event.data['stock_card']}, lies face up for everyone to see.", view),
    ]
