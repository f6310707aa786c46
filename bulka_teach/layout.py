"""The neutral layout the card table draws: seats, piles, tricks, facts, pots, badges and the outcome.

A game's presenter (pure Python, e.g. ``bulka_teach.czech.presenter``) turns one seat's view into a
layout with these builders; the front end (``widgets/table.js``) draws any layout and holds no game
word: every word the table shows comes from here. The schema is documented in ``widgets/README.md``
("The layout"). This module knows no game and imports nothing outside the standard library.

Text that mixes words with card or suit tags is **rich text**: a list of pieces, each a plain string,
``{"b": str}`` (bold), ``{"small": str}``, ``{"card": code}`` (a small rank-and-suit tag),
``{"suit": letter}`` (a suit tag), or ``{"unknown": rank, "mark": "?"}`` (a card not yet told).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, TypedDict

PACKS = ("marias", "italian", "french")
PLACES = ("bottom", "top", "left", "right", "top-left", "top-right", "side")
#: Where the seats sit round the felt, by their number, the first one (the learner) at the bottom and the
#: others in playing order round the table.
PLACES_BY_COUNT: dict[int, tuple[str, ...]] = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
}
PILE_STYLES = ("hand", "row", "single", "stack")

Rich = list[Any]  # pieces: str | {"b"} | {"small"} | {"card"} | {"suit"} | {"unknown", "mark"}

#: The generic words of the table (its controls, the review panel, the keyboard help): English defaults a
#: presenter may override through ``layout(words=…)``. ``{name}`` marks are filled in by the front end.
DEFAULT_WORDS: dict[str, str] = {
    "table": "Card table",
    "table_step": "Card table: ← and → step through the deal",
    "controls": "Table controls",
    "choices": "Your choices",
    "thinking": "thinking…",
    "legal_play": "you may play this card",
    "legal_discard": "you may discard this card",
    "legal": "you may play this card",  # any other card verb
    "steps_earlier": "{n} earlier steps",
    "deal_code": "deal {code}",
    "deal_code_title": "The deal code: share it to play this deal again",
    "copy_code": "Copy code",
    "copy_code_title": "Copy the deal code",
    "copy_link": "Copy link",
    "copy_link_title": "Copy the link that opens this page with this deal",
    "copied": "Copied: {text}",
    "copy_yourself": "This browser did not let the page copy it: it is selected here, copy it with Ctrl+C (⌘C on a "
                     "Mac), or press and hold on a phone.",
    "unknown_card": "{code}: not a card of this pack",
    "stopped_connection": ("This page lost its connection to the lesson, so your clicks no longer reach it. Reload the "
                           "page to go on; a deal's code deals the same cards again."),
    "stopped_kernel": ("The lesson stopped running on the server, so your clicks no longer reach it. Reload the page "
                       "to start it again; a deal's code deals the same cards again."),
    "stopped_memory": ("This lesson ran out of the memory the server gives each page, so it stopped. Reload the page "
                       "to start it again; a deal's code deals the same cards again."),
    "reload": "Reload the page",
    "amount_less": "less",
    "amount_more": "more",
    "review_head": "Review of your decisions",
    "review_list": "your decisions, in order",
    "review_empty": ("Choose a decision (click, or ↑/↓) to see the table as you saw it then, with your card and "
                     "the best one marked. Esc or Back to the game returns."),
    "review_item": "Decision {number}, {where}: you chose {did}; {best}{cost}.",
    "review_best_was": "best was {best}; ",
    "review_decision": "Decision {number} · {where}",
    "review_rule": "The rule of thumb to follow here: “{name}”.",
    "review_you": "You",
    "review_best": "Best",
    "review_cost": "Cost",
    "mark_you": "you",
    "mark_best": "best",
    "said_you": "the card you chose",
    "said_best": "the best card",
}


class Tag(TypedDict, total=False):
    card: str
    unknown: str
    mark: str


class Declaration(TypedDict):
    name: str
    points: int | str
    aria: str
    scored: bool
    note: str
    tags: list[Tag]


class Fact(TypedDict, total=False):
    kind: str  # drawn as class ``bt-<kind>``: points, melds, exchange, voids, …
    text: Rich  # a line of text …
    label: str  # … or a list of declarations with an aria label
    items: list[Declaration]


class Seat(TypedDict):
    seat: int
    name: str
    you: str  # "(you)" beside the name, or ""
    place: str  # one of PLACES
    roles: list[str]  # joined " · " in .bt-role
    badges: list[dict[str, str]]  # text chips: {"text": "×2", "kind": "stake"}
    streak: str
    chips: str | None  # "chips +20"; None: no chips shown
    to_move: bool
    turn: str  # "your turn" / "to move" (shown while to_move)
    me: bool
    waiting: bool  # sits out / silent: drawn dimmed, dashed
    facts: list[Fact]


class Pile(TypedDict, total=False):
    id: str  # drawn as class ``bt-<id>`` (hand, stock, first, dokup, out-of-play, …)
    at: int | str  # a seat index, "talon" (the centre's draw piles) or "centre" (beside the pots)
    style: str  # one of PILE_STYLES
    cards: list[str] | None  # face-up codes, bottom to top / left to right; None: face down
    count: int  # how many cards (the face-down ones, or the size of a stack)
    aria: str
    aria_verbs: dict[str, str]  # the learner's hand: its aria label while ui.card_verb is set
    label: Rich | None
    label_after: bool
    highlight: str | None  # "offered"
    mine: bool  # the learner's clickable hand
    marked: list[str]  # cards of the pile the layout itself rings (a suit's highest card at a showdown)


class Played(TypedDict):
    seat: int
    card: str
    name: str


class Trick(TypedDict):
    aria: str
    label: str
    idle: bool
    cards: list[Played]


class Pot(TypedDict):
    id: str
    label: str
    amount: int | str
    badges: list[str]


class Badge(TypedDict):
    suit: str
    offered: bool
    lines: list[Rich]


class Outcome(TypedDict):
    kind: str
    aria: str
    head: str
    paragraphs: list[dict[str, Any]]  # {"text": Rich, "kind": "points" | …}


# --- builders ---------------------------------------------------------------------------------------

def places(count: int) -> tuple[str, ...]:
    """The places of ``count`` seats (2–5), the learner's first."""
    if count not in PLACES_BY_COUNT:
        raise ValueError(f"a table seats 1 to 5 players, not {count}")
    return PLACES_BY_COUNT[count]


def seat(index: int, name: str, place: str, *, you: str = "", roles: Sequence[str] = (),
         badges: Iterable[str | Mapping[str, str]] = (), streak: str = "", chips: str | None = None,
         to_move: bool = False, turn: str = "", me: bool = False, waiting: bool = False,
         facts: Sequence[Fact] = ()) -> Seat:
    if place not in PLACES:
        raise ValueError(f"unknown place {place!r}; one of {', '.join(PLACES)}")
    return {"seat": index, "name": name, "you": you, "place": place, "roles": list(roles),
            "badges": [{"text": b} if isinstance(b, str) else dict(b) for b in badges], "streak": streak,
            "chips": chips, "to_move": to_move, "turn": turn, "me": me, "waiting": waiting, "facts": list(facts)}


def fact(kind: str, text: Rich | str) -> Fact:
    return {"kind": kind, "text": [text] if isinstance(text, str) else list(text)}


def declarations(kind: str, label: str, items: Sequence[Declaration]) -> Fact:
    return {"kind": kind, "label": label, "items": list(items)}


def declaration(name: str, points: int | str, aria: str, tags: Sequence[Tag], *, scored: bool = False,
                note: str = "") -> Declaration:
    return {"name": name, "points": points, "aria": aria, "scored": scored, "note": note, "tags": list(tags)}


def pile(id: str, at: int | str, *, cards: Sequence[str] | None = None, count: int | None = None,
         aria: str = "", style: str = "row", label: Rich | str | None = None, label_after: bool = False,
         highlight: str | None = None, mine: bool = False, aria_verbs: Mapping[str, str] | None = None,
         marked: Sequence[str] = ()) -> Pile:
    """A pile: ``cards`` face up (codes), or ``count`` cards face down (``cards`` None); ``marked``: face-up cards
    of it drawn ringed, as ``ui.highlight`` rings them (the key is left out when there are none)."""
    if style not in PILE_STYLES:
        raise ValueError(f"unknown pile style {style!r}; one of {', '.join(PILE_STYLES)}")
    shown = list(cards) if cards is not None else None
    result: Pile = {"id": id, "at": at, "style": style, "cards": shown,
                    "count": count if count is not None else len(shown or []), "aria": aria,
                    "label": [label] if isinstance(label, str) else label, "label_after": label_after,
                    "highlight": highlight, "mine": mine}
    if aria_verbs:
        result["aria_verbs"] = dict(aria_verbs)
    if marked:
        result["marked"] = [c for c in marked if c in (shown or [])]
    return result


def trick(cards: Sequence[tuple[int, str, str]], *, aria: str = "", label: str = "", idle: bool = False) -> Trick:
    """A trick: (seat, card, player's name) in the order played, any number of cards."""
    return {"aria": aria, "label": label, "idle": idle,
            "cards": [{"seat": s, "card": c, "name": n} for s, c, n in cards]}


def pot(id: str, label: str, amount: int | str, badges: Sequence[str] = ()) -> Pot:
    return {"id": id, "label": label, "amount": amount, "badges": list(badges)}


def badge(suit: str, lines: Sequence[Rich | str], *, offered: bool = False) -> Badge:
    return {"suit": suit, "offered": offered, "lines": [[x] if isinstance(x, str) else list(x) for x in lines]}


def outcome(kind: str, head: str, paragraphs: Sequence[Rich | str | Mapping[str, Any]], *, aria: str) -> Outcome:
    paras = []
    for p in paragraphs:
        if isinstance(p, Mapping):
            paras.append({"text": list(p["text"]), "kind": p.get("kind", "")})
        else:
            paras.append({"text": [p] if isinstance(p, str) else list(p), "kind": ""})
    return {"kind": kind, "aria": aria, "head": head, "paragraphs": paras}


def layout(pack: str, *, kind: Literal["table", "picture"] = "table", phase: str = "none",
           seats: Sequence[Seat] = (), piles: Sequence[Pile] = (), talon: Sequence[Rich] | None = None,
           trick: Trick | None = None, last_trick: Trick | None = None, pots: Sequence[Pot] = (),
           trump: Badge | None = None, outcome: Outcome | None = None,
           words: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The whole layout; ``talon``: the lines of text under the centre's draw piles (None: no such area)."""
    if pack not in PACKS:
        raise ValueError(f"unknown pack {pack!r}; one of {', '.join(PACKS)}")
    if kind == "table" and seats and not 1 <= len(seats) <= 5:
        raise ValueError(f"a table seats 1 to 5 players, not {len(seats)}")
    lines = [list(line) for line in talon] if talon is not None else None
    return {"version": 1, "kind": kind, "pack": pack, "phase": phase, "words": {**DEFAULT_WORDS, **(words or {})},
            "seats": list(seats), "piles": list(piles), "talon": lines, "trick": trick, "last_trick": last_trick,
            "pots": list(pots), "trump": trump, "outcome": outcome}


def picture(pack: str, codes: Sequence[str], *, aria: str = "the cards, face up",
            words: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A static picture: one row of face-up cards of ``pack``."""
    return layout(pack, kind="picture", piles=[pile("cards", 0, cards=codes, aria=aria, style="hand")], words=words)


def signed(n: int) -> str:
    """"+20", "−10", "0": chips and points with a real minus sign."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


# --- the original words beside the English ---------------------------------------------------------------

#: Every original word a presenter has put beside an English one on the felt (``term``): what ``plain`` takes out.
ORIGINAL_WORDS: set[str] = set()
_BESIDE = re.compile(r" \(([^()]+)\)")


def term(english: str, original: str) -> str:
    """An English word with its one original word beside it, as the felt shows it: ``term("stake", "mise")`` is
    "stake (mise)". The felt shows one original word at most, never in Cyrillic; ``plain`` takes it out again."""
    ORIGINAL_WORDS.add(original)
    return f"{english} ({original})"


def named(name: str) -> str:
    """A name the engine words "english (original)" ("cups (coppe)", "kings (re)"), as the felt shows it: its
    original word is noted, so that ``plain`` takes it out too."""
    found = _BESIDE.search(name)
    if found and found.end() == len(name):
        ORIGINAL_WORDS.add(found[1])
    return name


def plain(tree: Any) -> Any:
    """``tree`` (a layout, or part of the table's ``ui``) with every original word ``term`` put in taken out:
    "stake (mise) 5" reads "stake 5" for a learner who hides the original words."""
    if isinstance(tree, str):
        return _BESIDE.sub(lambda m: "" if m[1] in ORIGINAL_WORDS else m[0], tree)
    if isinstance(tree, Mapping):
        return {k: plain(v) for k, v in tree.items()}
    if isinstance(tree, list | tuple):
        return [plain(v) for v in tree]
    return tree
