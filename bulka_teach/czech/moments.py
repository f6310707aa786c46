"""A Czech Bulka table at the moment of one event: what a stepped lesson table shows at each step.

The engine moves in whole actions, and one action may cause several events: the second card of a trick
is played, the trick is won, the melds are scored; the last trick is won, the points are counted, the loser
pays. ``rewind`` mends a view drawn after the whole action back to the moment of one of its events (the
game's ``view_at`` calls it); ``deal_moments`` shows the deal in its packets (3 + 3 + 3 + 3, the first
candidate, the dokup, the stock) and ``cut_view`` the cut cards. Everything here reads the view and the
public log; a seat's own cards come from events that seat was shown.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..events import Event
from .rules import PACK

if TYPE_CHECKING:  # types only: the game imports this module
    from .match import CzechBulka

View = dict[str, Any]
#: Events that never start an action: what an action caused after its own event. Only these are undone (the
#: others are no moment of their own on the table: the view is the same before and after them).
UNDONE = ("trick", "meld-suit", "meld-height", "melds-scored", "score", "dokup", "renonc", "redeal")
FOLLOWING = UNDONE + ("hand", "play-starts", "bela")


def rewind(game: CzechBulka, view: View, seat: int | None, upto: int) -> None:
    """``view`` (after every event of ``game``) as it was once the first ``upto`` events had happened."""
    events = game.events
    _session_at(view, events[:upto], game.n)
    deal = view.get("deal")
    if deal is None or upto == 0:
        return
    k = game.deal_index_of(upto - 1)
    assert k is not None, "a view with a deal shows the deal of its last event"
    later = events[upto:game.deal_end(k)]
    if not all(e.kind in FOLLOWING or e.kind in ("game-over", "bank-won", "ante", "pay") for e in later):
        return  # not the follow-ups of one action: the deal is shown after its last action, as before
    for offset in reversed(range(len(later))):
        event = later[offset]
        if event.kind in UNDONE:
            _UNDO[event.kind](view, deal, event, seat, events, upto + offset)


def _session_at(view: View, events: Sequence[Event], n: int) -> None:
    """The chips, the bank, the streaks and the game's number from the log up to the moment shown."""
    chips, bank, streaks, bulka, number = [0] * n, 0, [0] * n, 1, 1
    for e in events:
        kind = e.kind
        if kind == "ante":
            chips = [c - e.data["stake"] for c in chips]
            bank, bulka = e.data["bank"], e.data["bulka"]
        elif kind == "pay":
            chips[_seat(e)] -= e.data["amount"]
            bank = e.data["bank"]
        elif kind == "bank-won":
            chips[_seat(e)] += e.data["bank"]
            bank, streaks = 0, [0] * n
        elif kind == "game-over":
            streaks[_seat(e)], streaks[e.data["loser"]] = e.data["streak"], 0
            number += 1
    view.update(chips=chips, bank=bank, streaks=streaks, bulka=bulka, game_number=number,
                pots=[{"name": "bank", "amount": bank}])


def _seat(event: Event) -> int:
    seat = event.seat
    assert seat is not None, f"a {event.kind} event has a seat"
    return seat


def _nobody_asked(view: View, deal: View) -> None:
    """In the middle of an action nobody is asked anything."""
    view.update(to_move=None, legal=[])
    deal["to_move"] = None


def _undo_trick(view: View, deal: View, event: Event, seat: int | None, events: list[Event], at: int) -> None:
    plays = [e for e in reversed(events[:at]) if e.kind == "play"][:2]  # the trick's two cards, the last first
    deal["tricks"] = deal["tricks"][:-1]
    deal["trick"] = [{"seat": e.seat, "card": e.data["card"]} for e in reversed(plays)]
    if deal.get("points_won") is not None:
        won = str(event.seat)
        deal["points_won"] = {**deal["points_won"], won: deal["points_won"][won] - event.data["points"]}
    _nobody_asked(view, deal)


def _twenties_of(deal: View, owner: int) -> list[View]:
    return [m for m in deal["melds"].get(str(owner), []) if m["points"] == 20]


def _undo_meld_suit(view: View, deal: View, event: Event, seat: int | None, events: list[Event], at: int) -> None:
    if seat != event.seat:
        for meld in _twenties_of(deal, _seat(event)):
            meld.pop("meld", None)


def _undo_meld_height(view: View, deal: View, event: Event, seat: int | None, events: list[Event], at: int) -> None:
    if seat != event.seat:
        for meld in _twenties_of(deal, _seat(event)):
            meld.pop("height", None)


def _undo_melds_scored(view: View, deal: View, event: Event, seat: int | None, events: list[Event],
                       at: int) -> None:
    deal.update(meld_winner=None, meld_points=0)
    for melds in deal["melds"].values():
        for meld in melds:
            meld["scored"] = False


def _undo_score(view: View, deal: View, event: Event, seat: int | None, events: list[Event], at: int) -> None:
    deal.update(outcome=None, bela=None, phase="play")
    _nobody_asked(view, deal)


def _undo_dokup(view: View, deal: View, event: Event, seat: int | None, events: list[Event], at: int) -> None:
    owner = str(event.seat)
    deal["hand_counts"] = {**deal["hand_counts"], owner: deal["hand_counts"][owner] - 3}
    deal["dokup_face_down"] = {**deal["dokup_face_down"], owner: 3}
    if seat == event.seat and event.secret:
        picked = set(event.secret["cards"])
        deal["hand"] = [c for c in deal["hand"] if c not in picked]
    _nobody_asked(view, deal)


def _undo_renonc(view: View, deal: View, event: Event, seat: int | None, events: list[Event], at: int) -> None:
    deal["outcome"] = None  # the card, the meld or the last pass is told; the deal ends with the next event
    played = events[at - 1]
    if event.kind == "renonc" and played.kind == "play":  # the engine ends the deal without playing the card
        card = played.data["card"]
        deal["trick"] = [*deal["trick"], {"seat": played.seat, "card": card}]
        deal["hand"] = [c for c in deal["hand"] if c != card]
        deal["hand_counts"] = {**deal["hand_counts"], str(played.seat): deal["hand_counts"][str(played.seat)] - 1}
    _nobody_asked(view, deal)


_UNDO = {"renonc": _undo_renonc, "redeal": _undo_renonc,
         "trick": _undo_trick, "meld-suit": _undo_meld_suit, "meld-height": _undo_meld_height,
         "melds-scored": _undo_melds_scored, "score": _undo_score, "dokup": _undo_dokup}


# --- the cut and the deal, step by step ------------------------------------------------------------

def cut_view(view: View, event: Event) -> View:
    """The table at a cut: each player's cut card face up in the middle (``view["cut"]``, by seat)."""
    return {**view, "cut": list(event.data["cards"])}


def _sorted(codes: Sequence[str]) -> list[str]:
    return [c.code for c in sorted(PACK.cards_of(list(codes)))]


def deal_moments(game: CzechBulka, index: int, seat: int | None, view: View) -> list[tuple[str, View]]:
    """The deal of event ``index`` as a dealer does it: 3 cards to the forehand, 3 to the dealer, 3 and 3
    again, the first candidate face up, the dokup face down, the stock crosswise. ``view`` is the table once
    all of it lies there (the last moment)."""
    event = game.events[index]
    d, f = event.data["dealer"], event.data["forehand"]
    dealt = {e.seat: list(e.secret["cards"]) for e in game.events[index + 1:index + 3]
             if e.kind == "hand" and e.secret}  # each hand in the order it was dealt

    def who(s: int) -> str:
        return game.name(s) + (" (you)" if s == seat else "")

    deal = view["deal"]
    open_hands = deal.get("open_hands")

    def packets(f_count: int, d_count: int, **changes: Any) -> View:
        counts = {f: f_count, d: d_count}
        shown = {**deal, "hand_counts": {s: counts[int(s)] for s in deal["hand_counts"]},
                 "first_candidate": None, "stock_top": None, "stock_count": 0, "offer": None, "to_move": None,
                 "dokup_face_down": {s: 0 for s in deal["dokup_face_down"]}, **changes}
        if seat in counts:
            shown["hand"] = _sorted(dealt[seat][:counts[seat]])
        if open_hands is not None:
            shown["open_hands"] = {s: _sorted(dealt[int(s)][:counts[int(s)]]) for s in open_hands}
        return {**view, "deal": shown, "to_move": None, "legal": []}

    first, second = event.data["first"], event.data["second"]
    forced = " This is the last deal: the dealer is forced to choose trumps (nucený)." if event.data["forced"] else ""
    return [
        (f"{who(d)} deals (deal {event.data['number']}) from the top of the pack: 3 cards to {who(f)}, the "
         "forehand (forhont), who will lead.", packets(3, 0)),
        (f"Then 3 cards to {who(d)}, the dealer.", packets(3, 3)),
        (f"3 more to {who(f)}.", packets(6, 3)),
        (f"3 more to {who(d)}: 6 cards each, which nobody shows.", packets(6, 6)),
        (f"The next card is laid face up: {first}, the first candidate (spodní). Its suit is offered first as "
         "trumps.", packets(6, 6, first_candidate=first, offer=deal["offer"])),
        ("Then 3 cards face down to each player: the dokup, which nobody may look at until trumps are chosen.",
         packets(6, 6, first_candidate=first, offer=deal["offer"], dokup_face_down=deal["dokup_face_down"])),
        (f"The other {deal['stock_count']} cards are turned face up and laid crosswise over the first candidate: "
         f"the stock (balíček), with {second} on top — the second candidate.{forced}", view),
    ]
