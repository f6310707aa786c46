"""Event explanations: one sentence per step, English with the Italian and German terms beside."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..events import Event
from .figura import RANK_CALLS
from .rules import PACK

#: Each phase of a Partie in a few words: the one wording of them.
PHASE_WORDS = {"pro": "the Pro question", "exchange": "the stock exchange (Cardano)", "play": "the tricks",
               "over": "the Partie is over"}

_RESULTS = {
    "won": "{w} wins the Partie ({p}).",
    "renonc": "Renonc: {l} broke a rule and loses the Partie whatever the score; {w} wins it.",
    "alifer": "A tie ({p}): Alifer — the Partie is played again with the same dealer and the stake multiplier "
              "doubled to ×{m}.",
    "draw": "A tie ({p}): with two players a tie is a draw (no Alifer was agreed); the same two play again.",
}

#: What a renonc was, by its reason code: the log's and the outcome's one wording of it.
RENONC_WORDS = {
    "must-follow-suit": "did not follow suit (Farbe nicht bedient).",
    "meld-not-held": "declared a false Figura.",
}

_BONUS = {
    "marc": "Marc: {w}'s Two wins the first trick — a bonus of {p} (Stichprämie).",
    "two": "{w}'s own Two wins trick {t} — a trick bonus of {p} (Stichprämie){prov}.",
    "last": "{w}'s Twos win {lt} — a bonus of {p} instead of the last trick's points (Stichprämie); "
            "the tricks it covers earn no 10 besides.",
}


def _suit(letter: str) -> str:
    return PACK.suit_names[letter]


def _points(e: Event, n: Sequence[str]) -> str:
    return ", ".join(f"{n[int(s)]} {p}" for s, p in e.data["points"].items())


def _last_tricks(tricks: Sequence[int]) -> str:
    if len(tricks) == 1:
        return "the last trick"
    return f"the last {'two' if len(tricks) == 2 else 'three'} tricks ({', '.join(map(str, tricks))})"


def _declare(e: Event, n: Sequence[str], w: str) -> str:
    d = e.data
    if d.get("renonc"):
        return f"{w} declares {d['name']} for {d['points']} ({d['meld']}) — a false Figura!"
    call = f" (Ansage: \"{RANK_CALLS[d['rank']]} für {d['points']}\")" if d["rank"] else ""
    shown = (e.secret["meld"] if e.secret else d.get("meld")) if d["rank"] else None
    return (f"{w} declares {d['name']} for {d['points']} (Figura){call}" + (f": {shown}." if shown else "."))


def _manko_answer(e: Event, n: Sequence[str], w: str) -> str:
    parts = [f"the {a['name']} lack {_suit(a['suit'])}" for a in e.data["answers"]]
    return f"{w} answers the Manko: " + "; ".join(parts) + "."


def _partie_over(e: Event, n: Sequence[str], w: str) -> str:
    d = e.data
    winner = n[d["winner"]] if d["winner"] is not None else ""
    loser = n[d["loser"]] if d["loser"] is not None else ""
    points = ", ".join(f"{n[int(s)]} {p}" for s, p in d["points"].items())
    text = _RESULTS[d["result"]].format(w=winner, l=loser, p=points, m=2 * d["multiplier"])  # the replay's
    if d["winner"] is not None and d.get("streak"):
        text += f" {winner} has won {d['streak']} in a row" + (": Pro may be announced next." if d["streak"] >= 2
                                                               and d.get("bulka") and not d.get("pro") else ".")
    return text


Formatter = Callable[[Event, Sequence[str], str], str]

_TEXTS: dict[str, Formatter] = {
    "draw": lambda e, n, w: "Everyone draws a card for order: " + ", ".join(
        f"{n[i]} {c}" for i, c in enumerate(e.data["cards"]))
    + ". The lowest deals, the highest challenges" + (", the others wait in the queue, highest first." if len(n) > 2
                                                      else "."),
    "draw-tie": lambda e, n, w: "Two cards drawn are of equal rank: everyone draws again.",
    "seats": lambda e, n, w: f"{n[e.data['dealer']]} deals, {n[e.data['challenger']]} challenges"
    + (f"; waiting: {', '.join(n[s] for s in e.data['queue'])}." if e.data["queue"] else "."),
    "pro-asked": lambda e, n, w: f"{w} has won two Partien in a row and may announce Pro before this one: pay a "
    "second stake and, winning it, take the whole Bulka.",
    "pro": lambda e, n, w: f"{w} announces Pro: this Partie is for the whole Bulka; {w} pays a second stake. The "
    "waiting players may advise the defender.",
    "no-pro": lambda e, n, w: f"{w} does not announce Pro: an ordinary Partie never wins the Bulka.",
    "stake": lambda e, n, w: f"{w} pays {e.data['amount']} into the Bulka (Einsatz"
    + (", twice: Pro" if e.data.get("pro") else "") + (f", ×{e.data['multiplier']} Alifer" if
                                                       e.data["multiplier"] > 1 else "")
    + f"); the Bulka holds {e.data['pot']}.",
    "deal": lambda e, n, w: f"{w} deals Partie {e.data['number']}: nine cards each in three packets of three, "
    f"{n[e.data['challenger']]} first; the other 18 are the stock, its bottom card {e.data['stock_card']} face up.",
    "hand": lambda e, n, w: f"{w} picks up 9 cards" + (f": {', '.join(e.secret['cards'])}." if e.secret else "."),
    "exchange": lambda e, n, w: f"{w} lays the nine aside face down and takes the top nine of the stock (Cardano)"
    + (f": {', '.join(e.secret['cards'])}." if e.secret else ".")
    + (" That takes the face-up bottom card too." if e.data["took_stock_card"] else ""),
    "exchange-pass": lambda e, n, w: f"{w} keeps the nine cards dealt.",
    "play-starts": lambda e, n, w: f"{w}, the challenger, leads the first trick.",
    "declare": _declare,
    "manko": lambda e, n, w: f"{w} asks \"Manko?\": which suit does the three-card set lack?",
    "manko-answer": _manko_answer,
    "play": lambda e, n, w: f"{w} plays {e.data['card']}" + (" — a rule error!" if e.data.get("renonc") else "."),
    "trick": lambda e, n, w: f"{w} wins trick {e.data['number']} ({', '.join(e.data['cards'])})"
    + (f", {e.data['points']} card points" if e.data["points"] else "")
    + (", with a Two that was led and not followed." if e.data["by_two"] else "."),
    "bonus": lambda e, n, w: _BONUS[e.data["bonus"]].format(
        w=w, p=e.data["points"], t=e.data["tricks"][0], lt=_last_tricks(e.data["tricks"]),
        prov=", unless the same Twos also take the last trick" if e.data.get("provisional") else ""),
    "score": lambda e, n, w: "Points (card points, last trick, bonuses and Figura): " + _points(e, n) + ".",
    "renonc": lambda e, n, w: f"Renonc (a rule error) by {w}: {RENONC_WORDS[e.data['reason']]}"
    + (f" {e.secret['message']}" if e.secret else ""),
    "pay-figura": lambda e, n, w: f"{n[e.data['from']]} pays {w} {e.data['amount']} for {e.data['name']} "
    "(Figura: paid directly).",
    "pay-bonus": lambda e, n, w: f"{n[e.data['from']]} pays {e.data['amount']} into the Bulka for {w}'s "
    f"{e.data['bonus']} bonus (Stichprämie); the Bulka holds {e.data['pot']}.",
    "partie-over": _partie_over,
    "pro-lost": lambda e, n, w: f"{w} lost the Pro Partie: the Bulka stays, and the defender counts as its winner.",
    "bulka-won": lambda e, n, w: f"{w} wins the Pro Partie and takes the whole Bulka of {e.data['chips']}! A new, "
    "empty Bulka starts and every streak is reset.",
    "no-deck": lambda e, n, w: "No deck is left: nothing more is dealt.",
}


def explain(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event in a sentence, as already redacted for ``viewer``."""
    who = names[event.seat] if event.seat is not None else "The table"
    if viewer is not None and event.seat == viewer:
        who = f"{who} (you)"
    return _TEXTS[event.kind](event, names, who)
