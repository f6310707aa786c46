"""Czech Bulka's presenter: from a seat's view to the neutral layout the table draws, and the ``ui``'s words.

Pure Python, pure functions of the engine's view (``game.view(seat)``): they read nothing else, so nothing
the seat may not know can reach the table through them. Every word the felt shows for Czech Bulka is
made here (English first, Czech terms beside); ``widgets/table.js`` only draws the layout
(``bulka_teach.layout``). ``bulka_teach.table.present.table_ui`` asks this module for the prompt, the
buttons and the clickable cards.
"""
from __future__ import annotations

from typing import Any

from .. import layout as lay
from .deal import HAND_SIZE
from .melds import parse_meld
from .rules import PACK, SUIT_NAMES, SUIT_NAMES_CZ, SUITS, exchanging_card
from .text import PHASE_WORDS

View = dict[str, Any]
PACK_ID = "marias"
CARD_VERBS = ("play", "discard")
NO_TERMS = ("trump seven", "face-up trump")  # the exchange's words when no trump lies face up


def suit_text(letter: str) -> str:
    """``hearts (červené)``: the pack's name for the suit."""
    return lay.named(PACK.suit_names[letter])


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
    given = exchanging_card(SUITS.index(deal["trump"]), PACK.cards_of(taken))
    assert given is not None, "a trump lies face up"
    return given.code, " and ".join(taken)


def _other_player(view: View) -> str:
    deal, seat = view["deal"], view["seat"]
    other = next((int(s) for s in deal["hand_counts"] if int(s) != seat), None)
    return view["players"][other] if other is not None else "the other player"


def action_label(action: str, view: View) -> tuple[str, str]:
    """A button's label and hint for a non-card action, in the words of the phase it belongs to."""
    deal = view["deal"]
    phase, rules = deal["phase"], view["rules"]
    if action == "take":
        return (f"Take {suit_text(deal['offer']['suit'])} as trumps",
                "Choose this suit as trumps: you become the declarer and must win the game.")
    if action == "pass":
        if phase == "exchange":
            return "Do not exchange", "Keep your cards as they are: " + lay.term("no exchange", "šíbr") + "."
        return "Pass", "Leave this suit; the other player may take it, or the next candidate comes."
    if action == "fold":
        if phase == "trump":
            return (f"Fold and pay the stake ({rules['stake']})",
                    "As the forced dealer you may give up this game instead of choosing trumps.")
        return "Fold (lose, pay nothing)", f"Give up the game against {lay.term('the hundred', 'sto')} without paying."
    if action == "play-on":
        return lay.term("Play on", "hraju"), "Play against the hundred: win the game, or pay the stake."
    if action == "ask-hundred":
        return (lay.term("Ask: do you play against my hundred?", "hraješ sto?"),
                lay.term("You hold a hundred", "sto") + ": the declarer must say whether they play on.")
    if action == "exchange":
        given, taken = exchange_terms(deal)
        return lay.term(f"Exchange your {given} for the {taken}", "šíbr"), "Give the low trump, take the face-up trump."
    if action.startswith("declare "):
        meld = parse_meld(action.partition(" ")[2])
        return (f"Declare a {lay.named(meld.name)}: {meld.code}",
                lay.term("Announce this meld", "hláška") + f" for {meld.points} with your first card, highest first.")
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
        ask = (lay.term("Declare your melds", "hlášky") + f" with your first card, highest first{scope} — or play a "
               "card.")
    else:
        ask = "Your turn: play a card."
    if not deal["trick"]:
        return ask if melds else "Your turn: play a card (you lead)."
    led = deal["trick"][0]["card"]
    suits = {card[1] for card in deal["hand"]}
    if led[1] in suits:
        beat = " and beat it if you can (a house rule of this table)" if rules["must_beat"] else ""
        rule = f"follow suit with {suit_text(led[1])}{beat}"
    elif deal["trump"] in suits:
        rule = f"you have no {SUIT_NAMES[led[1]]}, so you must trump with {suit_text(deal['trump'])}"
    else:
        return f"{ask} {led} was led: you have no {SUIT_NAMES[led[1]]} and no trumps, so any card will do."
    renonc = (" Careful: under this table's house rules a card against this rule is accepted — and loses you the "
              "game (a renonc)." if rules["renonc_mode"] else "")
    return f"{ask} {led} was led: {rule}.{renonc}"


def prompt(view: View) -> str:
    """What the seat of the view is asked now, or "" when nothing is asked of it."""
    deal = view.get("deal")
    if deal is None or view["seat"] is None or view["to_move"] != view["seat"] or not view["legal"]:
        return ""
    phase = deal["phase"]
    if phase == "trump":
        suit = suit_text(deal["offer"]["suit"])
        which = "the second candidate" if deal["offer"]["which"] == "second" else lay.term("the first candidate",
                                                                                               "spodní")
        if "fold" in view["legal"]:
            return (f"Deal {deal['number']} is the last: as the dealer you are forced. Take {suit} as trumps, "
                    f"or fold and pay the stake of {view['rules']['stake']}? It is {which}.")
        return f"Take {suit} as trumps, or pass? It is {which}."
    if phase == "exchange":
        given, taken = exchange_terms(deal)
        if "exchange" in view["legal"]:
            return lay.term(f"Exchange your {given} for the {taken}", "šíbr") + "?"
        return lay.term(f"You do not hold the trump {PACK.rank_names[given[0]]} to exchange for the {taken}",
                        "šíbr") + ": pass."
    if phase == "discard":
        extra = len(deal["hand"]) - HAND_SIZE
        cards = "a card" if extra == 1 else f"{extra} cards"
        return f"Discard {cards} face down (back to {HAND_SIZE} cards)."
    if phase == "hundred-ask":
        return (lay.term("You hold a hundred", "sto") + ": "
                + lay.term("before the first lead you must ask the declarer", "hraješ sto?") + ".")
    if phase == "hundred-answer":
        return (f"{_other_player(view)} " + lay.term("holds a hundred", "sto") + " and asks: do you play against it? "
                "Fold (lose, pay nothing) or " + lay.term("play on", "hraju") + ".")
    if phase == "play":
        return _play_prompt(view)
    return ""


def declare_question(view: View, action: str) -> dict[str, Any] | None:
    """Before ``action`` plays the seat's first card while a meld it holds is not declared: the question to ask
    once (``prompt`` and ``buttons``: declare each meld, or play the card without it); None to just play."""
    verb, _, card = action.partition(" ")
    declares = [a for a in view["legal"] if a.startswith("declare ")]
    if verb != "play" or not declares:
        return None
    melds = [parse_meld(a.partition(" ")[2]) for a in declares]
    held = " and ".join(f"a {m.name} ({m.code})" for m in melds)
    prompt = (f"You hold {held} and have not declared {'it' if len(melds) == 1 else 'them'}. "
              + lay.term("A meld", "hláška") + " "
              f"scores only when it is declared with your first card: declare now, or play {card} and lose it?")
    keep = [b for b in buttons(view) if b["action"] in declares]
    play = {"action": action, "label": f"Play {card} without declaring",
            "hint": "Play the card and give up the meld's points for this deal."}
    return {"prompt": prompt, "buttons": [*keep, play]}


# --- the felt: the layout of a view -------------------------------------------------------------------

ROLE_WORDS = {
    "dealer": lay.term("dealer", "rozdává"),
    "forehand": lay.term("forehand", "forhont"),
    "declarer": lay.term("declarer", "zadal"),
    "out": lay.term("sits out", "pauzíruje"),
}
OUTCOME_WORDS = {
    "declarer-won": lay.term("The declarer won the game", "zadaná hra") + ".",
    "declarer-lost": "The declarer lost the game: " + lay.term("he falls", "spadne") + ".",
    "tie": "A tie: the declarer's opponent wins, and nobody pays.",
    "hundred-fold": "The declarer folded against " + lay.term("a hundred", "sto") + ": he loses but pays nothing.",
    "forced-fold": "The " + lay.term("forced dealer", "nucený") + " folded: he loses and pays.",
    "renonc": "Renonc: a rule error ends the game; the offender loses and pays.",
    "redeal": "Nobody chose trumps: the cards are dealt again.",
}
WORDS = {"review_head": lay.term("Review of your decisions", "rozbor hry")}
#: The practice table's sentences (``table/practice.py``): sitting out, and what a finished deal decided.
PRACTICE_WORDS = {
    "opponent_menu": "Computer opponent",
    "original_words": "Show the Czech words beside the English",
    "sits_out": lay.term("You sit out this game", "pauzíruješ") + ": {players} play it. Press Continue to watch them "
                "play.",
    "sits_out_blocked": lay.term("You sit out this game", "pauzíruješ") + ": press Continue to watch the others play "
                        "it.",
    "redeal_next": "Nobody chose trumps, so the cards are dealt again: press Continue for the next deal.",
    "game_over_next": "This game is over: press Continue for the next game.",
    "game_over": "This game is over: press New deal to play another game.",
    "match_over": "The bulka is over: press New deal for a new one.",
}
TRICKS_PER_DEAL = HAND_SIZE
RANK_ORDER = "".join(PACK.ranks)  # 789XUOKA: the heights of a meld not yet told


def suit_name(letter: str) -> str:
    """``hearts (červené)``: as the felt names a suit (the trump badge, known voids)."""
    return lay.term(SUIT_NAMES[letter], SUIT_NAMES_CZ[letter])


def _streak(words: str) -> str:
    """A streak as the felt shows it, English first: the session's "novej (one win)" reads "one win (novej)"."""
    original, _, english = words.partition(" (")
    return lay.term(english.rstrip(")"), original) if english else words


def player_name(view: View, seat: int) -> str:
    players = view.get("players") or []
    return players[seat] if 0 <= seat < len(players) else f"Seat {seat + 1}"


def arrange(view: View, me: int | None) -> tuple[int, int | None, int | None]:
    """(bottom, top, side): the learner (or the forehand) at the bottom, the opponent on top, the third aside."""
    deal = view.get("deal")
    every = range(len(view.get("players") or []))
    if deal and deal.get("hand_counts"):
        playing = sorted(int(s) for s in deal["hand_counts"])
    else:
        playing = [s for s in every if s != view.get("sitting_out")]
    if me in playing:
        bottom = me
    elif deal and deal.get("forehand") in playing:
        bottom = deal["forehand"]
    else:
        bottom = playing[0] if playing else 0
    top = next((s for s in playing if s != bottom), None)
    side = next((s for s in every if s not in (bottom, top)), None)
    return bottom, top, side


def _face_up(view: View, me: int | None, seat: int) -> list[str] | None:
    """The cards of ``seat`` this view shows face up (its own hand, or a lesson's open hands), else None."""
    deal = view.get("deal")
    if not deal:
        return None
    open_hands = deal.get("open_hands") or {}
    if str(seat) in open_hands:
        return list(open_hands[str(seat)])
    viewer = view["seat"] if "seat" in view else me
    return list(deal.get("hand") or []) if seat == viewer else None


def _roles(view: View, seat: int) -> list[str]:
    deal = view.get("deal")
    if view.get("sitting_out") == seat:
        return [ROLE_WORDS["out"]]
    if not deal:
        return []
    roles = []
    if deal.get("dealer") == seat:
        roles.append(lay.term("dealer, forced", "nucený") if deal.get("forced") else ROLE_WORDS["dealer"])
    if deal.get("forehand") == seat:
        roles.append(ROLE_WORDS["forehand"])
    if deal.get("declarer") == seat:
        roles.append(ROLE_WORDS["declarer"])
    return roles


def _points(deal: dict[str, Any], seat: int) -> list[lay.Fact]:
    won = deal.get("points_won")
    if not won:
        return []
    tricks = sum(1 for t in deal.get("tricks") or [] if t["winner"] == seat)
    return [lay.fact("points", [{"b": str(won.get(str(seat), 0))},
                                f" in cards won · {tricks} " + lay.term("trick" if tricks == 1 else "tricks",
                                                                       "štych")])]


def _meld_tags(meld: dict[str, Any]) -> list[lay.Tag]:
    """A meld's cards as tags; what the viewer has not learned is a "?" (with the rank once the height is told)."""
    if meld.get("meld"):
        return [{"card": code} for code in meld["meld"].split("-")]
    length = 3 if meld["points"] == 20 else 4 if meld["points"] == 50 else 5
    top = RANK_ORDER.index(meld["height"]) if meld.get("height") else -1
    return [{"unknown": RANK_ORDER[top - length + 1 + i] if top >= 0 else "", "mark": "?"} for i in range(length)]


def _melds(deal: dict[str, Any], seat: int) -> list[lay.Fact]:
    melds = (deal.get("melds") or {}).get(str(seat)) or []
    if not melds:
        return []
    items = []
    for m in melds:
        known = (m["meld"] if m.get("meld") else f"up to {m['height']}, suit not yet told" if m.get("height")
                 else "height and suit not yet told")
        items.append(lay.declaration(lay.named(m["name"]), m["points"], f"{m['name']}, {m['points']}: {known}",
                                     _meld_tags(m), scored=bool(m.get("scored")),
                                     note="scores" if m.get("scored") else ""))
    return [lay.declarations("melds", lay.term("melds", "hlášky"), items)]


def _exchange(view: View, deal: dict[str, Any], seat: int) -> list[lay.Fact]:
    """What is public about a seat's exchange: the cards it took (šíbr) and how many it discarded face down."""
    taken = (deal.get("taken") or {}).get(str(seat)) or []
    discarded = int((deal.get("discard_counts") or {}).get(str(seat)) or 0)
    own = deal.get("discards") or [] if seat == view.get("seat") else []
    parts: list[list[Any]] = []
    if taken:
        parts.append(["took ", *({"card": c} for c in taken), lay.term("", "šíbr")])
    if own:
        parts.append(["discarded ", *({"card": c} for c in own), " face down"])
    elif discarded:
        parts.append([f"discarded {discarded} face down"])
    if not parts:
        return []
    text: list[Any] = []
    for k, part in enumerate(parts):
        text += ([" · "] if k else []) + part
    return [lay.fact("exchange", text)]


def _voids(deal: dict[str, Any], seat: int, me: int | None) -> list[lay.Fact]:
    """The suits a seat is known to lack (it did not follow or trump): public, so shown for the others."""
    suits = (deal.get("voids") or {}).get(str(seat)) or []
    if not suits or seat == me or deal.get("outcome"):
        return []
    text: list[Any] = ["known to have no "]
    for k, s in enumerate(suits):
        text += ([", "] if k else []) + [{"suit": s}, f" {suit_name(s)}"]
    return [lay.fact("voids", text)]


def _hand(view: View, me: int | None, seat: int) -> lay.Pile:
    """A hand: face-up cards (the learner's is a toolbar), or backs."""
    deal = view["deal"]
    cards = _face_up(view, me, seat)
    name = player_name(view, seat)
    if cards is None:
        count = int((deal.get("hand_counts") or {}).get(str(seat)) or 0)
        return lay.pile("hand", seat, count=count, style="hand", aria=f"{name}'s hand: {count} face-down cards")
    if seat == me:
        aria = f"Your hand, {len(cards)} cards"
        return lay.pile("hand", seat, cards=cards, style="hand", aria=aria, mine=True,
                        aria_verbs={verb: f"{aria}: choose a card to {verb}" for verb in CARD_VERBS})
    return lay.pile("hand", seat, cards=cards, style="hand", aria=f"{name}'s hand, face up")


def _dokup(deal: dict[str, Any], seat: int) -> list[lay.Pile]:
    count = int((deal.get("dokup_face_down") or {}).get(str(seat)) or 0)
    if not count:
        return []
    return [lay.pile("dokup", seat, count=count, label="dokup", label_after=True,
                     aria=f"dokup: {count} face-down cards, picked up when trumps are chosen")]


def _talon(deal: dict[str, Any]) -> tuple[list[lay.Pile], list[lay.Rich]]:
    """The first candidate (spodní) under the crosswise stock (balíček), and the line of text under them."""
    first = deal.get("first_candidate")
    count = int(deal.get("stock_count") or 0)
    offered = deal["offer"]["which"] if deal.get("phase") == "trump" and deal.get("offer") else None
    piles, lines = [], []
    if first:
        note = ", offered as trumps" if offered == "first" else ""
        piles.append(lay.pile("first", "talon", cards=[first], style="single",
                              aria=lay.term("first candidate", "spodní") + note,
                              highlight="offered" if offered == "first" else None))
        lines.append([lay.term("first candidate", "spodní") + " ", {"card": first}])
    if count:
        note = ", offered as trumps" if offered == "second" else ""
        piles.append(lay.pile("stock", "talon", cards=[deal["stock_top"]], count=count, style="stack",
                              aria=lay.term("stock", "balíček")
                              + f": {count} {'card' if count == 1 else 'cards'} face up, the visible "
                                   f"one on top{note}", highlight="offered" if offered == "second" else None))
        lines.append([lay.term("stock", "balíček") + f" {count} · top ", {"card": deal["stock_top"]}])
    return piles, lines


def _tricks(view: View, bottom: int, top: int | None) -> tuple[lay.Trick, lay.Trick | None]:
    deal = view["deal"]
    name = lambda s: player_name(view, s)  # noqa: E731
    tricks = deal.get("tricks") or []
    last = None
    if tricks:
        k = len(tricks) - 1
        leader = deal["forehand"] if k == 0 else tricks[k - 1]["winner"]
        others = [s for s in (top, bottom) if s is not None and s != leader]
        other: int = others[0] if others else leader
        entries = [(leader if i == 0 else other, c, name(leader if i == 0 else other))
                   for i, c in enumerate(tricks[k]["cards"])]
        winner = name(tricks[k]["winner"])
        last = lay.trick(entries, aria=lay.term("last trick", "štych") + f" {k + 1}, won by {winner}",
                         label=f"trick {k + 1} · {winner} won")
    playing = deal.get("phase") == "play" and len(tricks) < TRICKS_PER_DEAL  # the last trick won: no trick is next
    label = lay.term(f"trick {len(tricks) + 1} of {TRICKS_PER_DEAL}", "štych") if playing else ""
    current = lay.trick([(p["seat"], p["card"], name(p["seat"])) for p in deal.get("trick") or []],
                        aria=label or "the trick", label=label, idle=not playing and not deal.get("trick"))
    return current, last


def _outcome(view: View) -> lay.Outcome | None:
    deal = view["deal"]
    o = deal.get("outcome")
    if not o:
        return None
    name = lambda s: player_name(view, s)  # noqa: E731
    winner = name(o["winner"]) if o.get("winner") is not None else None
    head = "No game" if winner is None else f"{winner} win" if winner.lower() == "you" else f"{winner} wins"
    paragraphs: list[Any] = [OUTCOME_WORDS.get(o["kind"], o["kind"])]
    if o.get("points"):
        counted = any((deal.get("melds") or {}).values()) or deal.get("bela") is not None
        text: list[Any] = ["points with melds and bela " if counted else "points "]
        for k, (s, p) in enumerate(sorted(o["points"].items(), key=lambda item: int(item[0]))):
            text += ([" : "] if k else []) + [f"{name(int(s))} ", {"b": str(p)}]
        paragraphs.append({"text": text, "kind": "points"})
    if deal.get("bela") is not None:
        paragraphs.append(f"Bela (40) for {name(deal['bela'])}.")
    if o.get("renonc"):
        paragraphs.append(o["renonc"])
    if o.get("pays") and o.get("loser") is not None:
        stake = (view.get("rules") or {}).get("stake")
        paragraphs.append(f"{name(o['loser'])} pays {stake if stake is not None else 'the stake'} into the bank.")
    return lay.outcome(o["kind"], head, paragraphs, aria="result of the deal")


def _trump(deal: dict[str, Any]) -> lay.Badge | None:
    if deal.get("trump"):
        return lay.badge(deal["trump"], [lay.term("trumps", "trumfy"), [{"b": suit_name(deal["trump"])}]])
    if deal.get("offer"):
        suit = deal["offer"]["suit"]
        which = (lay.term("the first candidate", "spodní") if deal["offer"]["which"] == "first"
                 else "the second candidate, on the stock")
        return lay.badge(suit, ["trumps offered", [{"b": suit_name(suit)}], [{"small": which}]], offered=True)
    return None


def layout(view: View, me: int | None) -> dict[str, Any]:
    """The felt for ``view`` with ``me`` at the bottom (None: a spectator, the forehand at the bottom)."""
    deal = view.get("deal")
    players = view.get("players") or []
    if not players:
        return lay.layout(PACK_ID, phase=(deal or {}).get("phase", "none"), words=WORDS)
    bottom, top, side = arrange(view, me)
    seats, piles = [], []
    for seat, place in ((top, "top"), (side, "side"), (bottom, "bottom")):
        if seat is None:
            continue
        out = view.get("sitting_out") == seat
        to_move = not out and view.get("to_move") == seat and not (deal and deal.get("outcome"))
        you = seat == me
        name = player_name(view, seat)
        chips = view.get("chips") or []
        streaks = view.get("streak_words") or []
        facts: list[lay.Fact] = []
        if deal and not out:
            facts = [*_points(deal, seat), *_melds(deal, seat), *_exchange(view, deal, seat), *_voids(deal, seat, me)]
            piles += [_hand(view, me, seat), *_dokup(deal, seat)]
        seats.append(lay.seat(
            seat, name, place, you="(you)" if you and name.lower() != "you" else "", roles=_roles(view, seat),
            streak=_streak(streaks[seat]) if seat < len(streaks) else "",
            chips=f"chips {lay.signed(chips[seat])}" if seat < len(chips) else None,
            to_move=to_move, turn=("your turn" if you else "to move") if to_move else "", me=you, waiting=out,
            facts=facts))
    pots = [lay.pot("bank", "bank", view["bank"])] if isinstance(view.get("bank"), int) else []
    if not deal:  # before the deal: a stepped lesson's cut shows each player's card (moments.cut_view)
        cut = lay.trick([(s, c, player_name(view, s)) for s, c in enumerate(view["cut"])], label="the cut",
                        aria="the cut: each player's card") if view.get("cut") else None
        return lay.layout(PACK_ID, seats=seats, pots=pots, trick=cut, words=WORDS)
    talon_piles, talon_lines = _talon(deal)
    out_of_play = deal.get("out_of_play") or []
    if out_of_play:
        piles.append(lay.pile("out-of-play", "centre", cards=out_of_play, label="out of play", aria="out of play"))
    current, last = _tricks(view, bottom, top)
    return lay.layout(PACK_ID, phase=deal.get("phase") or "none", seats=seats, piles=[*talon_piles, *piles],
                      talon=talon_lines, trick=current, last_trick=last, pots=pots, trump=_trump(deal),
                      outcome=_outcome(view), words=WORDS)


# --- the review panel's words ----------------------------------------------------------------
def review_cards(action: str) -> list[str]:
    """The cards an action puts down: a card action's card, a declared meld's cards; none for the others."""
    verb, _, what = action.partition(" ")
    if verb in CARD_VERBS:
        return [what]
    return what.split("-") if verb == "declare" else []


def review_doing(action: str, view: View) -> str:
    """How an action reads in the panel beside its cards (``review_cards``): "play", "declare a twenty (dvacet)", or the
    button's label."""
    verb, _, what = action.partition(" ")
    if verb in CARD_VERBS:
        return verb
    if verb == "declare":
        return f"declare a {parse_meld(what).name}"
    return action_label(action, view)[0]


def review_where(view: View) -> str:
    """The decision's moment in a few words: "choosing trumps", "trick 3, Ah led", "trick 1, your lead"."""
    deal = view["deal"]
    phase = deal["phase"]
    if phase == "play":
        trick = deal["trick"]
        led = f"{trick[0]['card']} led" if trick else "your lead"
        return f"trick {len(deal['tricks']) + 1}, {led}"
    return PHASE_WORDS.get(phase, phase)




def deal_score(outcome: View, seat: int, chips_won: int) -> tuple[float, str]:
    """What a class's results board ranks a finished game by, after who won it: the seat's card points and melds
    (points, as the game counts)."""
    points = outcome.get("points") or {}
    return float(points.get(str(seat), points.get(seat, 0)) or 0), "points"
