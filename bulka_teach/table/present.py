"""From a seat's view to the table's ``ui``: what is asked, the buttons, the clickable cards.

Pure functions of the engine's view (``game.view(seat)``): they read nothing else, so nothing the
seat may not know can reach the table through them. English first, Czech terms beside.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..czech.deal import HAND_SIZE
from ..czech.melds import parse_meld
from ..czech.rules import EXCHANGERS, PACK, SUIT_NAMES

View = dict[str, Any]
CARD_VERBS = ("play", "discard")
NO_TERMS = ("trump seven", "face-up trump")  # the exchange's words when no trump lies face up


def suit_text(letter: str) -> str:
    """``hearts (červené)``: the pack's name for the suit."""
    return PACK.suit_names[letter]


def _face_up_trumps(deal: dict[str, Any]) -> list[str]:
    """The trumps lying face up that an exchange would take, as the view shows them."""
    trump = deal["trump"]
    during_play = deal["phase"] == "play"
    face_up = [] if during_play else [deal["first_candidate"]]
    face_up.append(deal["stock_top"])
    return [c for c in face_up if c is not None and c[1] == trump]


def exchange_terms(deal: dict[str, Any]) -> tuple[str, str]:
    """(the card the exchange gives, the face-up trumps it takes); ``NO_TERMS`` when no trump lies face up."""
    taken = _face_up_trumps(deal)
    if not taken:
        return NO_TERMS
    ranks = {c[0] for c in taken}
    given = next(PACK.ranks[r] for r in EXCHANGERS if PACK.ranks[r] not in ranks) + deal["trump"]
    return given, " and ".join(taken)


def _other_player(view: View) -> str:
    deal, seat = view["deal"], view["seat"]
    other = next((int(s) for s in deal["hand_counts"] if int(s) != seat), None)
    return view["players"][other] if other is not None else "the other player"


def action_label(action: str, view: View) -> tuple[str, str]:
    """A button's label and hint for a non-card action, in the words of the phase it belongs to."""
    deal = view["deal"]
    phase, rules = deal["phase"], view["rules"]
    if action == "take":
        return (f"Take {suit_text(deal['offer']['suit'])} as trumps — zadat",
                "Choose this suit as trumps: you become the declarer and must win the game.")
    if action == "pass":
        if phase == "exchange":
            return "Do not exchange", "Keep your cards as they are (no šíbr)."
        return "Pass", "Leave this suit; the other player may take it, or the next candidate comes."
    if action == "fold":
        if phase == "trump":
            return (f"Fold and pay the stake ({rules['stake']})",
                    "As the forced dealer you may give up this game instead of choosing trumps.")
        return "Fold (lose, pay nothing)", "Give up the game against the hundred (sto) without paying."
    if action == "play-on":
        return "Play on (hraju)", "Play against the hundred: win the game, or pay the stake."
    if action == "ask-hundred":
        return ("Ask: do you play against my hundred? (hraješ sto?)",
                "You hold a hundred (sto): the declarer must say whether they play on.")
    if action == "exchange":
        given, taken = exchange_terms(deal)
        return f"Exchange your {given} for the {taken} (šíbr)", "Give the low trump, take the face-up trump."
    if action.startswith("declare "):
        meld = parse_meld(action.partition(" ")[2])
        return (f"Declare a {meld.name}: {meld.code}",
                f"Announce this meld (hláška) for {meld.points} with your first card, highest first.")
    return action, ""


def card_clicks(view: View) -> tuple[str | None, dict[str, str]]:
    """What a click on a hand card asks for (``card_verb``) and the legal card actions by card."""
    deal = view.get("deal")
    if deal is None or view["to_move"] is None or view["to_move"] != view["seat"]:
        return None, {}
    verb = deal["phase"] if deal["phase"] in CARD_VERBS else None
    clickable = {}
    for action in view["legal"]:
        action_verb, _, card = action.partition(" ")
        if action_verb in CARD_VERBS:
            clickable[card] = action
    return verb, clickable


def buttons(view: View) -> list[dict[str, str]]:
    """The legal actions that are not card clicks, labelled."""
    result = []
    for action in view["legal"]:
        if action.partition(" ")[0] in CARD_VERBS:
            continue
        label, hint = action_label(action, view)
        result.append({"action": action, "label": label, "hint": hint})
    return result


def _play_prompt(view: View) -> str:
    deal, rules = view["deal"], view["rules"]
    melds = any(a.startswith("declare ") for a in view["legal"])
    if melds:
        scope = " (house rule: only the best meld scores)" if rules["meld_scope"] == "best_only" else ""
        ask = f"Declare your melds (hlášky) with your first card, highest first{scope} — or play a card."
    else:
        ask = "Your turn: play a card."
    if not deal["trick"]:
        return ask if melds else "Your turn: play a card (you lead)."
    led = deal["trick"][0]["card"]
    suits = {card[1] for card in deal["hand"]}
    if led[1] in suits:
        beat = " and beat it if you can (house rule must_beat)" if rules["must_beat"] else ""
        rule = f"follow suit with {suit_text(led[1])}{beat}"
    elif deal["trump"] in suits:
        rule = f"you have no {SUIT_NAMES[led[1]]}, so you must trump with {suit_text(deal['trump'])}"
    else:
        return f"{ask} {led} was led: you have no {SUIT_NAMES[led[1]]} and no trumps, so any card will do."
    renonc = (" Careful (house rule renonc_mode): a card against this rule is accepted, and loses you the game "
              "(renonc)." if rules["renonc_mode"] else "")
    return f"{ask} {led} was led: {rule}.{renonc}"


def prompt(view: View) -> str:
    """What the seat of the view is asked now, or "" when nothing is asked of it."""
    deal = view.get("deal")
    if deal is None or view["seat"] is None or view["to_move"] != view["seat"] or not view["legal"]:
        return ""
    phase = deal["phase"]
    if phase == "trump":
        suit = suit_text(deal["offer"]["suit"])
        which = "the second candidate" if deal["offer"]["which"] == "second" else "the first candidate, spodní"
        if "fold" in view["legal"]:
            return (f"Deal {deal['number']} is the last: as the dealer you are forced. Take {suit} as trumps "
                    f"— zadat — or fold and pay the stake of {view['rules']['stake']}? It is {which}.")
        return f"Take {suit} as trumps — zadat — or pass? It is {which}."
    if phase == "exchange":
        given, taken = exchange_terms(deal)
        if "exchange" in view["legal"]:
            return f"Exchange your {given} for the {taken} (šíbr)?"
        return f"You do not hold the trump {PACK.rank_names[given[0]]} to exchange for the {taken} (šíbr): pass."
    if phase == "discard":
        extra = len(deal["hand"]) - HAND_SIZE
        cards = "a card" if extra == 1 else f"{extra} cards"
        return f"Discard {cards} face down (back to {HAND_SIZE} cards)."
    if phase == "hundred-ask":
        return "You hold a hundred (sto): before the first lead you must ask the declarer (hraješ sto?)."
    if phase == "hundred-answer":
        return (f"{_other_player(view)} holds a hundred (sto) and asks: do you play against it? "
                "Fold (lose, pay nothing) or play on (hraju).")
    if phase == "play":
        return _play_prompt(view)
    return ""


def caption(texts: Iterable[str]) -> str:
    """Log sentences joined into the caption line."""
    return " ".join(t for t in texts if t)


def notice(kind: str, text: str, notice_id: int) -> dict[str, Any]:
    return {"kind": kind, "text": text, "id": notice_id}


def control(name: str, label: str, enabled: bool = True) -> dict[str, Any]:
    return {"name": name, "label": label, "enabled": enabled}


def table_ui(view: View, mode: str, me: int | None, *, caption: str = "", prompt_text: str | None = None,
             notice: dict[str, Any] | None = None, controls: Sequence[dict[str, Any]] = (),
             step: dict[str, int] | None = None, deal_code: str | None = None, interactive: bool = True,
             highlight: Sequence[str] = (), title: str = "") -> dict[str, Any]:
    """The whole ``ui`` dict for ``view``; ``interactive`` False shows no buttons and no clickable cards."""
    verb, clickable = card_clicks(view) if interactive else (None, {})
    return {
        "mode": mode,
        "me": me,
        "caption": caption,
        "prompt": prompt(view) if prompt_text is None and interactive else (prompt_text or ""),
        "notice": notice,
        "card_verb": verb,
        "clickable": clickable,
        "buttons": buttons(view) if interactive and view.get("deal") is not None else [],
        "controls": list(controls),
        "step": step,
        "deal_code": deal_code,
        "highlight": list(highlight),
        "busy": False,
        "title": title,
    }
