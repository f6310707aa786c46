"""Event explanations: one sentence per step, English with the French terms beside."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..events import Event
from .rules import RANK_NAMES, SUIT_NAMES

HAND_NAMES = {"brelan-carre": "a brelan carré", "brelan": "a brelan", "brelan-favori": "a brelan favori",
              "brelan-mistigri": "a brelan mistigri", "points": "the points (les points)"}
RESULT_WORDS = {"showdown": "the hands were shown (l'abattage)", "uncontested": "everyone else folded",
                "blind-takes": "nobody opened, so the last blind took the pot",
                "thrown-in": "nobody opened: the cards were thrown in", "void": "a card was exposed: the deal is void"}


def jetons(amount: int) -> str:
    """An amount in jetons: the table counts jetons alone (the fiche, five of them, is old Bouillotte's, lesson 8)."""
    return f"{amount} {'jeton' if amount == 1 else 'jetons'}"


def tied_with(suits: dict[str, list[int]], winner: int | None, total: int, names: Sequence[str]) -> list[str]:
    """The other players whose suit counts as much as the winning one ("Cleo's 29"): a tie the privilege settled."""
    others = sorted({c for c, t in suits.values() if t == total and c != winner})
    return [f"{names[c]}'s {total}" for c in others]


def listed(words: Sequence[str]) -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cleo"."""
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def why_not_paid(higher: Sequence[str], broke: Sequence[str]) -> str:
    """Why the other players did not pay a brelan: a higher brelan held, or no jeton left ("" when all paid)."""
    parts = []
    if higher:
        one = len(higher) == 1
        parts.append(f"{listed(higher)} {'holds' if one else 'hold'} a higher brelan and {'pays' if one else 'pay'} "
                     "nothing for a lower one")
    if broke:
        parts.append(f"{listed(broke)} {'has' if len(broke) == 1 else 'have'} no jeton left to pay")
    return "".join(f"; {p}" for p in parts)


def _brelan_paid(e: Event, n: Sequence[str], who: str, sj: bool) -> str:
    d = e.data
    payers = [n[s] for s in d["payers"]]
    if not payers:
        amount = "nothing"
    elif d["paid"] == d["due"] * len(payers):
        amount = (f"{jetons(d['paid'])}, {d['due']} from each of {listed(payers)}" if len(payers) > 1 else
                  f"{jetons(d['paid'])}, from {payers[0]}")
    else:  # someone paid what he had left, less than the due
        amount = f"{jetons(d['paid'])}, from {listed(payers)}"
    reasons = why_not_paid([n[s] for s in d["higher"]], [n[s] for s in d["broke"]])
    return f"{who} is paid for {hand_name(d['hand'], d['rank'], sj)}: {amount}{reasons}."


def hand_name(hand: str | None, rank: str | None, saint_james: bool = False) -> str:
    if hand is None:
        return "nothing shown"
    if hand == "brelan-mistigri":
        name = "a brelan Saint-James" if saint_james else "a brelan mistigri"
        return f"{name} (the mistigri with a pair of {RANK_NAMES.get(rank or '', rank)})"
    if hand == "points":
        return HAND_NAMES[hand]
    return f"{HAND_NAMES[hand]} of {RANK_NAMES.get(rank or '', rank)}"


def _suit(letter: str) -> str:
    return SUIT_NAMES[letter]


def _pot(e: Event, n: Sequence[str], who: str, sj: bool) -> str:
    d = e.data
    name = "The pot" if d["of"] == 1 else ("The main pot" if d["index"] == 1 else f"Side pot {d['index'] - 1}")
    contenders = d["contenders"]
    if len(contenders) == 1:
        return f"{name} of {jetons(d['amount'])}: only {who} staked that much, so it goes back to {who}."
    among = listed([n[s] for s in contenders])
    text = f"{name} of {jetons(d['amount'])} (between {among}) goes to {who}"
    if d["hand"] == "points":
        collected = "; ".join(f"{n[c]} {t} in {_suit(s)}" for s, (c, t) in sorted(d["suits"].items()))
        ties = tied_with(d["suits"], e.seat, d["total"], n)
        tie = (f", tied with {listed(ties)}: a tie goes to the player first from the dealer's right (the privilege)"
               if ties else "")
        return (f"{text} on the points (les points): for each suit the highest card collects it from every hand "
                f"and the retourne — {collected}. {who} has the largest suit, {d['total']} in {_suit(d['suit'])}"
                f"{tie}.")
    return f"{text} with {hand_name(d['hand'], d['rank'], sj)}."


def _bet(verb: str) -> Callable[[Event, Sequence[str], str, bool], str]:
    def text(e: Event, n: Sequence[str], who: str, sj: bool) -> str:
        d = e.data
        dead = " (and a jeton of dead money: old Bouillotte)" if d.get("dead") else ""
        after = f" Pot {d['pot']}; {who} has {d['chips']} left."
        if verb == "pass":
            return f"{who} passes (passe): stays in, staking nothing more for now{dead}." + after
        if verb == "open":
            return f"{who} opens (ouvre) with a stake of {d['stake']}." + after
        if verb == "hold":
            return f"{who} holds (tient): a stake of {d['stake']} now, level with the highest." + after
        if verb == "raise":
            return f"{who} raises (relance) to a stake of {d['stake']}{dead}." + after
        if verb == "fold":
            lost = f" and loses the {jetons(d['stake'])} already staked" if d["stake"] else ", with nothing staked"
            return f"{who} folds (se retire){lost}." + after
        kind = {"open": ", and so opens", "raise": ": a raise",
                "hold": ", level with the highest" if not d.get("short") else
                f": less than the highest stake, so {who} can win only what each staked up to {d['stake']}"}
        return f"{who} goes all in (tapis) with a stake of {d['stake']}{kind[d['kind']]}." + after
    return text


_TEXTS: dict[str, Callable[[Event, Sequence[str], str, bool], str]] = {
    "draw": lambda e, n, w, sj: "The seats are drawn: " + ", ".join(f"{n[i]} {c}" for i, c in
                                                                    enumerate(e.data["cards"]))
    + f". {n[e.data['dealer']]} draws the king and deals first.",
    "game-jeton": lambda e, n, w, sj: f"{w} deals and puts in the game (le jeu): one jeton, the dealer's stake.",
    "ante": lambda e, n, w, sj: f"Everyone antes one jeton of dead money; the pot holds {e.data['pot']}.",
    "last-jeton": lambda e, n, w, sj: f"{w} has a single jeton left and must stake it: all in, and can win only "
    "what lies on the table up to it.",
    "carre": lambda e, n, w, sj: f"{w} plays carre: a blind stake of {e.data['amount']} before the cards, as "
    "much as the pot held. Nothing put in a carre comes back.",
    "carre-pass": lambda e, n, w, sj: f"{w} does not play carre.",
    "contre-carre": lambda e, n, w, sj: f"{w} doubles the carre (contre-carre): a blind stake of "
    f"{e.data['amount']}.",
    "contre-carre-pass": lambda e, n, w, sj: f"{w} does not double the carre.",
    "redeal": lambda e, n, w, sj: f"{w} deals again (deal {e.data['number']}): the stakes stay where they are.",
    "deal": lambda e, n, w, sj: (f"{w} deals three cards each, one at a time from the dealer's right, the dealer last"
                                 + (f", and turns up the retourne, {e.data['retourne']}." if e.data["retourne"]
                                    else f"; {e.data['exposed']} was exposed in the deal.")),
    "hand": lambda e, n, w, sj: f"{w} picks up three cards" + (f": {', '.join(e.secret['cards'])}." if e.secret
                                                              else "."),
    "void": lambda e, n, w, sj: f"A card ({e.data['card']}) was exposed in the deal: the deal is void. The brelans "
    "in hand are shown and paid all the same, then the same dealer deals again.",
    "pass": _bet("pass"), "open": _bet("open"), "hold": _bet("hold"), "raise": _bet("raise"), "tapis": _bet("tapis"),
    "fold": _bet("fold"),
    "thrown-in": lambda e, n, w, sj: f"Nobody opened: the cards are thrown in and the pot stays on the table as "
    f"dead money ({jetons(e.data['dead'])}) for the next deal.",
    "blind-takes": lambda e, n, w, sj: f"Nobody opened after the carre: {w}, the last to stake blind, takes the "
    f"whole pot of {jetons(e.data['amount'])}.",
    "uncontested": lambda e, n, w, sj: f"Everyone else folded: {w} takes the pot of {jetons(e.data['amount'])} "
    "without showing a card.",
    "show": lambda e, n, w, sj: f"{w} shows {', '.join(e.data['cards'])}: "
    + (hand_name(e.data["hand"], e.data["rank"], sj) if e.data["hand"] else "no brelan") + ".",
    "turn": lambda e, n, w, sj: f"Brelan carré anglais: {w} turns the {e.data['which']} card of the stock, "
    f"{e.data['card']}" + (f" — the fourth of the {RANK_NAMES[e.data['rank']]}: a brelan carré too!"
                           if e.data["carre"] else ", not the fourth of that rank."),
    "turn-pass": lambda e, n, w, sj: f"{w} does not turn a card of the stock (brelan carré anglais).",
    "pot": lambda e, n, w, sj: _pot(e, n, w, sj),
    "brelan-paid": _brelan_paid,
    "deal-end": lambda e, n, w, sj: "Jetons now: " + ", ".join(f"{n[s]} {c}" for s, c in
                                                               enumerate(e.data["chips"])) + ".",
    "void-stakes": lambda e, n, w, sj: f"No deck is left to deal again: the void deal's stakes "
    f"({jetons(e.data['amount'])}) stay in the pot as dead money, which holds {jetons(e.data['dead'])}.",
    "session-over": lambda e, n, w, sj: _ruined(e.data["ruined"], n),
}


def _ruined(seats: Sequence[int], names: Sequence[str]) -> str:
    who = listed([names[s] for s in seats])
    return f"{who} {'has' if len(seats) == 1 else 'have'} no jeton left: the session is over."


def explain(event: Event, names: Sequence[str], viewer: int | None = None, saint_james: bool = False) -> str:
    """The event in a sentence, as already redacted for ``viewer``."""
    who = names[event.seat] if event.seat is not None else "The table"
    if viewer is not None and event.seat == viewer:
        who = f"{who} (you)"
    return _TEXTS[event.kind](event, names, who, saint_james)

