"""Event explanations: one sentence per step, English with the Czech terms beside."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..events import Event
from .rules import PACK

#: Each phase of a deal in a few words (the review's "where", the coach's situation): the one wording of them.
PHASE_WORDS = {"trump": "choosing trumps (zadat)", "exchange": "the exchange (šíbr)",
               "discard": "discarding after the exchange", "hundred-ask": "the hundred (sto) question",
               "hundred-answer": "answering a hundred (sto)"}


def _suit(letter: str) -> str:
    return PACK.suit_names[letter]


def _cards(codes: Sequence[str]) -> str:
    return ", ".join(codes)


_RENONC = {
    "must-follow-suit": "did not follow suit.",
    "must-trump": "did not trump while holding trumps.",
    "must-beat": "did not beat the card led (a house rule of this table).",
    "meld-not-held": "declared a meld that is not in hand (a false meld).",
}

_OUTCOMES = {
    "declarer-won": "{w} made the game: the declarer has strictly more points.",
    "declarer-lost": "{l}, the declarer, fell (spadl): fewer points, so {l} pays the stake.",
    "tie": "Equal points: {w}, who did not choose trumps, wins the game, but the declarer {l} pays nothing.",
    "hundred-fold": "{l} folded against the hundred: {l} loses but pays nothing.",
    "forced-fold": "{l}, the forced dealer, folded: {l} loses and pays the stake.",
    "renonc": "Renonc! {l} broke a rule: {l} loses the game and pays the stake.",
}

Formatter = Callable[[Event, Sequence[str], str], str]


def _deal(e: Event, names: Sequence[str], who: str) -> str:
    d = e.data
    forced = " This is the last deal: the dealer is forced to choose trumps." if d["forced"] else ""
    return (f"{who} deals (deal {d['number']}): 6 cards each, {d['first']} face up as the first candidate "
            f"(spodní), 3 face-down dokup cards each, and the stock crosswise with {d['second']} on top, "
            f"the second candidate.{forced}")


_TEXTS: dict[str, Formatter] = {
    "cut": lambda e, n, w: "Everyone cuts: " + ", ".join(f"{n[i]} {c}" for i, c in enumerate(e.data["cards"]))
    + ". The highest deals (velká dává), the lowest plays against the dealer" + (", the middle one sits out." if
                                                                            len(n) > 2 else "."),
    "cut-tie": lambda e, n, w: "Two cuts are of equal rank: everyone cuts again.",
    "ante": lambda e, n, w: f"Bulka {e.data['bulka']} starts: everyone pays the stake (vsaz) of "
    f"{e.data['stake']} into the bank, which now holds {e.data['bank']}.",
    "deal": _deal,
    "hand": lambda e, n, w: f"{w} picks up 6 cards" + (f": {_cards(e.secret['cards'])}." if e.secret else "."),
    "take": lambda e, n, w: f"{w} takes {_suit(e.data['suit'])} as trumps from the {e.data['which']} candidate "
    "(zadal hru), promising to win.",
    "pass": lambda e, n, w: f"{w} passes on {_suit(e.data['suit'])}.",
    "redeal": lambda e, n, w: "Nobody wants trumps: the other player shuffles and deals again.",
    "fold": lambda e, n, w: (f"{w} folds against the hundred." if e.data.get("hundred")
                             else f"{w}, forced, folds rather than choose trumps."),
    "dokup": lambda e, n, w: f"{w} picks up the 3 dokup cards" + (f": {_cards(e.secret['cards'])}." if e.secret
                                                                 else "."),
    "exchange": lambda e, n, w: (f"{w} gives the {e.data['given']} (šíbr) for {_cards(e.data['taken'])}"
                                 + (" during play." if e.data["during_play"] else
                                    (" (tupl šíbr: both candidates)." if e.data.get("tupl") else "."))
                                 + (f" The stock now shows {e.data['visible']}." if e.data["visible"] else "")),
    "exchange-pass": lambda e, n, w: f"{w} does not exchange (šíbr) now.",
    "discard": lambda e, n, w: f"{w} discards a card face down" + (f" ({e.secret['card']})" if e.secret else "")
    + (f"; {e.data['left']} more to go." if e.data["left"] else "; back to 9 cards."),
    "ask-hundred": lambda e, n, w: f"{w} holds a hundred and asks: do you play against my hundred? (hraješ sto?)",
    "play-on": lambda e, n, w: f"{w} plays on against the hundred (hraju): win, or pay the stake.",
    "play-starts": lambda e, n, w: f"{w} asks \"can I play?\" (můžu hrát?) and leads the first trick.",
    "declare": lambda e, n, w: f"{w} declares a {e.data['name']}"
    + (f": {e.secret['meld']}." if e.secret else (f": {e.data['meld']}." if "meld" in e.data else ".")),
    "meld-height": lambda e, n, w: f"{w} tells the height of the melds: {', '.join(e.data['heights'])}.",
    "meld-suit": lambda e, n, w: f"{w} tells the suit of the melds: {_cards(e.data['melds'])}.",
    "melds-scored": lambda e, n, w: (f"The best melds are equal: the one who led the first trick wins the tie, so {w} "
                                     if e.data.get("equal") else f"{w}'s meld is the higher one and ")
    + f"scores {e.data['points']} for {_cards(e.data['names'])}.",
    "play": lambda e, n, w: f"{w} plays {e.data['card']}" + (" — a rule error!" if e.data.get("renonc") else "."),
    "trick": lambda e, n, w: f"{w} wins trick {e.data['number']} ({_cards(e.data['cards'])}) worth "
    f"{e.data['points']} points" + (" and 10 for the last trick." if e.data["number"] == 9 else "."),
    "bela": lambda e, n, w: f"Bela: {w} scores 40 for the trump over and king (the over's own 20 counts for nobody).",
    "score": lambda e, n, w: "Points: " + ", ".join(f"{n[int(s)]} {p}" for s, p in e.data["points"].items())
    + ".",
    "renonc": lambda e, n, w: f"Renonc (a rule error) by {w}: {_RENONC[e.data['reason']]}"
    + (f" {e.secret['message']}" if e.secret else ""),
    "game-over": lambda e, n, w: _OUTCOMES[e.data["kind"]].format(w=w, l=n[e.data["loser"]])
    + (f" {w} has won {e.data['streak']} in a row" + (" — nahoře, one win from the bank." if e.data["streak"] == 2
                                                      else " (novej)." if e.data["streak"] == 1 else ".")),
    "pay": lambda e, n, w: f"{w} pays {e.data['amount']} into the bank, which now holds {e.data['bank']}.",
    "bank-won": lambda e, n, w: f"{w} has won three in a row and takes the bank of {e.data['bank']} (vybral)!",
}


def explain(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event in a sentence, as already redacted for ``viewer``."""
    who = names[event.seat] if event.seat is not None else "The table"
    if viewer is not None and event.seat == viewer:
        who = f"{who} (you)"
    return _TEXTS[event.kind](event, names, who)
