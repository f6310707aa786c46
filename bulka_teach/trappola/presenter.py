"""Trappola's presenter: from a seat's view to the neutral layout the table draws, and the ``ui``'s words.

Pure functions of the engine's view (``game.view(seat)``): they read nothing else, so nothing the seat may not
know reaches the table through them. Every word the felt shows for Trappola is made here, English first with one
Italian or German term beside it at most (``layout.term``: the learner may hide them; German where the rulebook
has the word); ``widgets/table.js`` only draws the layout (``bulka_teach.layout``).
``bulka_teach.table.present.table_ui`` asks this module for the prompt, the buttons and the clickable cards; the
practice table, the review panel and the stepper for the other names below.

A three-card set of another seat is shown as the table heard it — its rank, number and points, three "?" cards —
until a Manko answer names the suit it lacks (then its three cards are known and shown) or the Partie is over.
"""
from __future__ import annotations

from typing import Any

from .. import layout as lay
from .figura import BIANKA, BLANS, RANK_CALLS, parse_figura
from .rules import PACK, SUIT_NAMES, SUITS, TRICKS, TrappolaRules
from .text import PHASE_WORDS, RENONC_WORDS

View = dict[str, Any]
PACK_ID = "italian"
CARD_VERBS = ("play",)
BONUS_WORDS = {"marc": "Marc", "two": "a Two's trick", "last": "the last tricks by Twos"}
OUTCOME_WORDS = {
    "won": "The higher total wins the Partie.",
    "renonc": "Renonc: a rule error ends the Partie; the offender loses it whatever the score.",
    "alifer": "A tie: Alifer — the Partie is played again, same dealer, the stake multiplier doubled.",
    "draw": "A tie: with two players (no Alifer agreed) it is a draw; the same two play again.",
}
ROLE_WORDS = {
    "dealer": lay.term("dealer", "Geber"),
    "challenger": lay.term("challenger", "Herausforderer"),
    "waiting": lay.term("waits, silent", "wartet"),
    "waiting_pro": "waits — may advise the defender in this Pro Partie",
    "left": "has left the table",
}
WORDS = {"review_head": lay.term("Review of your decisions", "Spielanalyse")}
#: The practice table's sentences (``table/practice.py``): waiting, and what a finished Partie decided.
PRACTICE_WORDS = {
    "opponent_menu": "Computer opponent",
    "original_words": "Show the Italian and German words beside the English",
    "sits_out": lay.term("You wait in the queue, silent", "wartet") + ": {players} play this Partie. Press Continue "
                "to watch them play.",
    "sits_out_blocked": lay.term("You wait in the queue", "wartet") + ": press Continue to watch the others play "
                        "their Partie.",
    "redeal_next": "A tie decides nothing: the Partie is played again. Press Continue for the replay.",
    "game_over_next": "This Partie is over: press Continue for the next one.",
    "game_over": "This Partie is over: press New deal to play another.",
    "match_over": "The Bulka is won: press New deal for a new one.",
}


def suit_text(letter: str) -> str:
    """``swords (spade)``: the pack's name for the suit."""
    return lay.named(PACK.suit_names[letter])


def player_name(view: View, seat: int) -> str:
    players = view.get("players") or []
    return players[seat] if 0 <= seat < len(players) else f"Seat {seat + 1}"


def _other(deal: View, seat: int) -> int:
    return next(s for s in deal["seats"] if s != seat)


def figura_words(code: str, points: int | None = None) -> str:
    """``three kings (re)`` (with `` for 6`` when ``points`` is given): a Figura as the table calls it."""
    figura = parse_figura(code)
    name = lay.named(figura.name())
    return f"{name} for {points}" if points is not None else name


# --- what the seat is asked ---------------------------------------------------------------------------

def _declare_label(action: str, view: View) -> tuple[str, str]:
    code = action.partition(" ")[2]
    figura = parse_figura(code)
    points = figura.points(_rules(view))
    if figura.rank is None:
        lacks = "king, knight or knave" if code == BLANS else "ace, king, knight or knave"
        return (f"Declare {figura_words(code, points)}",
                f"Your nine cards hold no {lacks}: declare it before your first card.")
    call = f"\"{RANK_CALLS[figura.rank]} für {points}\""
    if figura.size == 4:
        heard = "a four names all its cards: no Manko"
    else:
        heard = (lay.term("the table hears rank, number and points", "Ansage") + ", never the suits; "
                 + ("your opponent may ask Manko" if figura.mankoable else "no Manko for aces"))
    when = "until you play your first ace" if figura.rank == "A" else "before your first card"
    return (f"Declare {figura_words(code, points)}: {code}",
            f"Call {call} {when}; {heard}.")


def _rules(view: View) -> TrappolaRules:
    return TrappolaRules.from_dict(view.get("rules") or {})


def action_label(action: str, view: View) -> tuple[str, str]:
    """A button's label and hint for a non-card action."""
    deal = view.get("deal") or {}
    if action.startswith("declare "):
        return _declare_label(action, view)
    if action == "manko":
        return ("Ask Manko? — which suit does the set lack",
                "Asked with your second card: your opponent must name the suit each three-card set lacks.")
    if action == "pro":
        pot = view.get("pot", 0)
        return (f"Announce Pro (play for the whole Bulka, now {pot})",
                "Pay a second stake; winning this Partie takes the whole Bulka with its stakes, losing it leaves the "
                "Bulka where it is.")
    if action == "no-pro":
        return "No Pro: an ordinary Partie", "Pay the one stake; an ordinary Partie never wins the Bulka."
    if action == "exchange":
        return ("Exchange with the stock (Cardano)",
                f"Lay your nine aside face down and take the top nine of the stock ({deal.get('stock_count', 18)} "
                "cards).")
    if action == "pass":
        return "Keep your nine (pass)", "Keep the cards dealt; the stock stays as it is."
    return action, ""


def card_clicks(view: View) -> tuple[str | None, dict[str, str]]:
    """What a click on a hand card asks for (``card_verb``) and the legal card actions by card."""
    deal = view.get("deal")
    if deal is None or view.get("to_move") is None or view["to_move"] != view.get("seat"):
        return None, {}
    clickable = {}
    for action in view["legal"]:
        verb, _, card = action.partition(" ")
        if verb in CARD_VERBS:
            clickable[card] = action
    return ("play" if clickable else None), clickable


def buttons(view: View) -> list[dict[str, str]]:
    """The legal actions that are not card clicks, labelled: a button per declarable Figura, Manko, Pro, exchange."""
    result = []
    for action in view.get("legal") or []:
        if action.partition(" ")[0] in CARD_VERBS:
            continue
        label, hint = action_label(action, view)
        result.append({"action": action, "label": label, "hint": hint})
    return result


def _play_prompt(view: View) -> str:
    deal, legal = view["deal"], view["legal"]
    parts = []
    declares = [a for a in legal if a.startswith("declare ")]
    if declares:
        if deal["played"][str(view["seat"])]:
            parts.append("You may still declare your aces until you play your first ace.")
        else:
            parts.append(lay.term("Declare your sets", "Figura") + " before your first card, or play without — aces "
                         "may be held back until you play your first ace.")
    if "manko" in legal:
        parts.append("With this, your second card, you may ask Manko: which suit your opponent's set lacks.")
    trick = deal["trick"]
    if not trick:
        parts.append("Your turn: play a card (you lead).")
    else:
        led = trick[0]["card"]
        if any(c[1] == led[1] for c in deal["hand"]):
            parts.append(f"{led} was led: follow suit with {suit_text(led[1])}.")
            if view["rules"].get("renonc_mode"):
                parts.append("Careful: under this table's house rules another card is accepted — and loses you the "
                             "Partie (a renonc).")
        else:
            parts.append(f"{led} was led: you have no {SUIT_NAMES[led[1]]}, so any card will do.")
    return " ".join(parts)


def prompt(view: View) -> str:
    """What the seat of the view is asked now, or "" when nothing is asked of it."""
    deal = view.get("deal")
    if deal is None or view.get("seat") is None or view.get("to_move") != view["seat"] or not view.get("legal"):
        return ""
    phase = deal["phase"]
    if phase == "pro":
        return (f"You have won two Partien in a row: announce Pro before this one? Pay a second stake and, winning "
                f"it, take the whole Bulka (now {view.get('pot', 0)}, with this Partie's stakes added) — or play an "
                "ordinary Partie (no Pro).")
    if phase == "exchange":
        return ("Exchange your nine for the top nine of the stock (Cardano), or keep them (pass)? Your nine are laid "
                "aside face down.")
    if phase == "play":
        return _play_prompt(view)
    return ""


def declare_question(view: View, action: str) -> dict[str, Any] | None:
    """Before ``action`` plays a card that ends a Figura's moment while it is not declared: the question to ask
    once (``prompt`` and ``buttons``: declare each, or play the card without it); None to just play."""
    verb, _, card = action.partition(" ")
    deal = view.get("deal")
    if verb != "play" or deal is None:
        return None
    first = not deal["played"][str(view["seat"])]
    lost = [a for a in view["legal"] if a.startswith("declare ")
            and (first and parse_figura(a.partition(" ")[2]).rank != "A" or card[0] == "A"
                 and parse_figura(a.partition(" ")[2]).rank == "A")]
    if not lost:
        return None
    names = " and ".join(figura_words(a.partition(" ")[2]) for a in lost)
    when = "An ace played ends the aces' moment" if not first or all(
        parse_figura(a.partition(" ")[2]).rank == "A" for a in lost) else "A Figura is declared before your first card"
    text = (f"You hold {names} and have not declared {'it' if len(lost) == 1 else 'them'}. {when}: declare now, "
            f"or play {card} and lose {'it' if len(lost) == 1 else 'them'}?")
    keep = [b for b in buttons(view) if b["action"] in lost]
    play = {"action": action, "label": f"Play {card} without declaring",
            "hint": "Play the card and give up the Figura's points for this Partie."}
    return {"prompt": text, "buttons": [*keep, play]}


# --- the felt: the layout of a view -------------------------------------------------------------------

#: Where the waiting seats sit, by the number of players: the two playing seats face each other (bottom, top).
WAITING_PLACES = {2: (), 3: ("side",), 4: ("left", "right")}


def arrange(view: View, me: int | None) -> list[tuple[int, str]]:
    """Every seat and its place: the two playing seats face to face — the learner at the bottom when playing, else
    the challenger — and the waiting seats aside, in queue order (then any who left)."""
    n = len(view.get("players") or [])
    deal = view.get("deal") or {}
    challenger = deal.get("challenger", view.get("challenger"))
    dealer = deal.get("dealer", view.get("dealer"))
    bottom, top = (dealer, challenger) if me == dealer else (challenger, dealer)
    queue = [s for s in view.get("queue") or [] if s not in (bottom, top)]
    waiting = [*queue, *(s for s in range(n) if s not in (bottom, top, *queue))]
    return [(bottom, "bottom"), (top, "top"), *zip(waiting, WAITING_PLACES[n], strict=True)]


def _roles(view: View, seat: int, playing: bool) -> list[str]:
    deal = view.get("deal") or {}
    if seat in (view.get("left") or []):
        return [ROLE_WORDS["left"]]
    if not playing:  # the queue of the Partie being played (a finished one's queue has moved on)
        queue = view.get("queue") or [] if not deal.get("outcome") else []
        place = f" (queue {queue.index(seat) + 1})" if seat in queue and len(queue) > 1 else ""
        return [ROLE_WORDS["waiting_pro" if deal.get("pro") is not None else "waiting"] + place]
    roles = []
    if deal.get("dealer", view.get("dealer")) == seat:
        roles.append(ROLE_WORDS["dealer"])
    if deal.get("challenger", view.get("challenger")) == seat:
        roles.append(ROLE_WORDS["challenger"])
    return roles


def _streak(view: View, seat: int) -> str:
    streaks = view.get("streaks") or []
    count = streaks[seat] if seat < len(streaks) else 0
    if not count:
        return ""
    more = " — may announce Pro" if count >= 2 and view.get("bulka") is not None else ""
    return f"{count} {'win' if count == 1 else 'wins'} in a row{more}"


def _badges(view: View, seat: int) -> list[dict[str, str]]:
    deal = view.get("deal") or {}
    badges = []
    if deal.get("pro") == seat:
        badges.append({"text": "Pro: for the whole Bulka", "kind": "pro"})
    return badges


def _points(deal: View, seat: int) -> list[lay.Fact]:
    if not deal.get("tricks") and not deal.get("trick"):
        return []
    won = (deal.get("points_won") or {}).get(str(seat), 0)
    tricks = sum(1 for t in deal["tricks"] if t["winner"] == seat)
    counted = lay.term("trick", "Stich") if tricks == 1 else lay.term("tricks", "Stiche")
    return [lay.fact("points", [{"b": str(won)}, f" card points · {tricks} {counted}"])]


def _set_tags(entry: View) -> list[lay.Tag]:
    """A declared set's cards as tags: in full when known, else "?" cards of its rank (the suits untold)."""
    if entry.get("meld"):
        return [{"card": code} for code in entry["meld"].split("-")] if entry["meld"] not in (BLANS, BIANKA) else []
    if entry.get("manko"):  # the Manko answer named the one suit it lacks: the other three are its cards
        return [{"card": f"{entry['rank']}{s}"} for s in SUITS if s != entry["manko"]]
    return [{"unknown": entry["rank"], "mark": "?"} for _ in range(entry["count"])]


def _declarations(deal: View, seat: int) -> list[lay.Fact]:
    entries = (deal.get("declarations") or {}).get(str(seat)) or []
    if not entries:
        return []
    items = []
    for e in entries:
        if e.get("rank") is None:
            known = "no court card" if e["name"] == "Blans" else "no ace or court card"
        elif e.get("meld"):
            known = e["meld"]
        elif e.get("manko"):
            known = lay.term(f"lacks {SUIT_NAMES[e['manko']]}", "Manko")
        else:
            known = "suits not told"
        note = lay.term(f"lacks {SUIT_NAMES[e['manko']]}", "Manko") if e.get("manko") else ""
        items.append(lay.declaration(lay.named(e["name"]), e["points"],
                                     f"{e['name']} for {e['points']}, in trick {e['trick']}: {known}", _set_tags(e),
                                     scored=True, note=note))
    return [lay.declarations("figura", lay.term("declarations", "Figura"), items)]


def _bonuses(deal: View, seat: int) -> list[lay.Fact]:
    earned = [b for b in deal.get("bonuses") or [] if b["seat"] == seat]
    if not earned:
        return []
    text: list[Any] = [lay.term("trick bonuses", "Stichprämien") + ": "]
    for k, b in enumerate(earned):
        tricks = ", ".join(map(str, b["tricks"]))
        text += ([" · "] if k else []) + [f"{BONUS_WORDS[b['bonus']]} (trick{'s' if len(b['tricks']) > 1 else ''} "
                                          f"{tricks}) ", {"b": str(b["points"])}]
    return [lay.fact("bonuses", text)]


def _manko(deal: View, seat: int) -> list[lay.Fact]:
    if not (deal.get("manko_asked") or {}).get(str(seat)):
        return []
    return [lay.fact("manko", "asked \"Manko?\"")]


def _exchange(deal: View, seat: int) -> list[lay.Fact]:
    exchanged = (deal.get("exchanged") or {}).get(str(seat))
    if exchanged is None:
        return []
    if not exchanged:
        return [lay.fact("exchange", "kept the nine dealt")]
    took = " and the face-up bottom card" if deal.get("stock_card_taken_by") == seat else ""
    return [lay.fact("exchange", f"exchanged: nine laid aside, the top nine of the stock taken{took} (Cardano)")]


def _voids(deal: View, seat: int, me: int | None) -> list[lay.Fact]:
    suits = (deal.get("voids") or {}).get(str(seat)) or []
    if not suits or seat == me or deal.get("outcome"):
        return []
    text: list[Any] = ["known to have no "]
    for k, s in enumerate(suits):
        text += ([", "] if k else []) + [{"suit": s}, f" {suit_text(s)}"]
    return [lay.fact("voids", text)]


def _hand(view: View, me: int | None, seat: int) -> lay.Pile:
    deal = view["deal"]
    name = player_name(view, seat)
    open_hands = deal.get("open_hands") or {}
    viewer = view["seat"] if "seat" in view else me
    cards = (list(open_hands[str(seat)]) if str(seat) in open_hands
             else list(deal.get("hand") or []) if seat == viewer else None)
    if cards is None:
        count = int((deal.get("hand_counts") or {}).get(str(seat)) or 0)
        return lay.pile("hand", seat, count=count, style="hand", aria=f"{name}'s hand: {count} face-down cards")
    if seat == me:
        aria = f"Your hand, {len(cards)} cards"
        return lay.pile("hand", seat, cards=cards, style="hand", aria=aria, mine=True,
                        aria_verbs={"play": f"{aria}: choose a card to play"})
    return lay.pile("hand", seat, cards=cards, style="hand", aria=f"{name}'s hand, face up")


def _stock(view: View, deal: View) -> tuple[list[lay.Pile], list[lay.Rich]]:
    """The dead stock (Stapel) with its face-up bottom card, and its line of text."""
    card, count = deal.get("stock_card"), int(deal.get("stock_count") or 0)
    if card is None:
        return [], []
    taker = deal.get("stock_card_taken_by")
    if taker is not None:
        piles = [lay.pile("stock", "talon", count=count, style="stack",
                          aria=lay.term("the stock", "Stapel") + f": {count} cards face down")] if count else []
        return piles, [[f"stock {count} · its bottom card ", {"card": card},
                        f" went to {player_name(view, taker)}"]]
    pile = lay.pile("stock", "talon", cards=[card], count=count, style="stack",
                    aria=lay.term("the stock", "Stapel") + f": {count} cards, its bottom card {card} face up")
    return [pile], [[lay.term("stock", "Stapel") + f" {count} · bottom card face up ", {"card": card}]]


def _tricks(view: View) -> tuple[lay.Trick, lay.Trick | None]:
    deal = view["deal"]
    tricks = deal.get("tricks") or []
    last = None
    if tricks:
        k = len(tricks) - 1
        leader = deal["challenger"] if k == 0 else tricks[k - 1]["winner"]
        order = [leader, _other(deal, leader)]
        winner = player_name(view, tricks[k]["winner"])
        two = " with a Two" if tricks[k].get("by_two") else ""
        last = lay.trick([(order[i], c, player_name(view, order[i])) for i, c in enumerate(tricks[k]["cards"])],
                         aria=lay.term("last trick", "Stich") + f" {k + 1}, won by {winner}{two}",
                         label=f"trick {k + 1} · {winner} won{two}")
    playing = deal.get("phase") == "play" and len(tricks) < TRICKS  # the last trick won: no trick is next
    label = lay.term(f"trick {len(tricks) + 1} of {TRICKS}", "Stich") if playing else ""
    current = lay.trick([(p["seat"], p["card"], player_name(view, p["seat"])) for p in deal.get("trick") or []],
                        aria=label or "the trick", label=label, idle=not playing and not deal.get("trick"))
    return current, last


def _summary(view: View, number: int) -> View | None:
    return next((p for p in reversed(view.get("previous") or []) if p.get("number") == number), None)


def score_parts(deal: View, seat: int) -> list[tuple[str, int]]:
    """A finished Partie's points of ``seat`` in their parts: card points, the last trick, each bonus and Figura."""
    outcome = deal["outcome"]
    parts = [("cards", (deal.get("points_won") or {}).get(str(seat), 0))]
    if outcome["result"] == "renonc":
        return parts
    last = (outcome.get("last_trick") or {}).get(str(seat), 0)
    if last:
        parts.append(("last trick", last))
    for b in deal.get("bonuses") or []:
        if b["seat"] == seat:
            tricks = "–".join(map(str, (b["tricks"][0], b["tricks"][-1]))) if len(b["tricks"]) > 1 else b["tricks"][0]
            parts.append((f"{BONUS_WORDS[b['bonus']]} (trick{'s' if len(b['tricks']) > 1 else ''} {tricks})",
                          b["points"]))
    for e in (deal.get("declarations") or {}).get(str(seat)) or []:
        parts.append((e["name"], e["points"]))
    return parts


def _outcome(view: View) -> lay.Outcome | None:
    deal = view["deal"]
    o = deal.get("outcome")
    if not o:
        return None
    winner = player_name(view, o["winner"]) if o.get("winner") is not None else None
    head = ("No winner: " + ("Alifer" if o["result"] == "alifer" else "a draw") if winner is None
            else f"{winner} win{'' if winner.lower() == 'you' else 's'} the Partie")
    paragraphs: list[Any] = [OUTCOME_WORDS.get(o["result"], o["result"])]
    for seat in deal["seats"]:
        parts = score_parts(deal, seat)
        text: list[Any] = [f"{player_name(view, seat)}: "]
        for k, (what, points) in enumerate(parts):
            text += ([" + "] if k else []) + [f"{what} {points}"]
        total = o["points"].get(str(seat), sum(p for _, p in parts))
        text += [" = ", {"b": str(total)}]
        paragraphs.append({"text": text, "kind": "points"})
    renonc = o.get("renonc")
    if renonc:
        paragraphs.append(f"{player_name(view, renonc['seat'])} {RENONC_WORDS[renonc['reason']]}")
        if renonc.get("message"):  # the refusal's sentence names the offender's cards: told to him alone
            paragraphs.append(renonc["message"])
    summary = _summary(view, deal["number"]) if view.get("bulka") is not None else None
    if summary is not None:
        moved = [(s, c) for s, c in enumerate(summary.get("chips") or []) if c]
        if moved:
            paragraphs.append({"text": ["chips this Partie: " + ", ".join(f"{player_name(view, s)} {lay.signed(c)}"
                                                                           for s, c in moved)], "kind": "chips"})
        if summary.get("pot_won"):
            won = summary["pot_won"]
            paragraphs.append(f"{player_name(view, won['seat'])} takes the whole Bulka: {won['chips']} chips!")
    return lay.outcome(o["result"], head, paragraphs, aria="result of the Partie")


def _pots(view: View, deal: View | None) -> list[lay.Pot]:
    multiplier = (deal or {}).get("multiplier", view.get("multiplier", 1)) or 1
    alifer = [f"Alifer ×{multiplier}"] if multiplier > 1 else []
    if view.get("bulka") is not None:
        pro = ["Pro Partie: for the whole Bulka"] if (deal or {}).get("pro") is not None else []
        return [lay.pot("bulka", f"the Bulka pot (no. {view['bulka']})", view.get("pot", 0), [*alifer, *pro])]
    if alifer:
        return [lay.pot("alifer", "stake multiplier (Alifer)", f"×{multiplier}")]
    return []


def layout(view: View, me: int | None) -> dict[str, Any]:
    """The felt for ``view`` with ``me`` at the bottom (None: a spectator, the challenger at the bottom)."""
    deal = view.get("deal")
    players = view.get("players") or []
    if not players:
        return lay.layout(PACK_ID, phase=(deal or {}).get("phase", "none"), words=WORDS)
    playing_seats = list(deal["seats"]) if deal else [view.get("challenger"), view.get("dealer")]
    chips = view.get("chips") or []
    with_chips = view.get("bulka") is not None
    seats, piles = [], []
    for seat, place in arrange(view, me):
        playing = seat in playing_seats
        over = bool(deal and deal.get("outcome"))
        to_move = playing and not over and view.get("to_move") == seat
        you = seat == me
        name = player_name(view, seat)
        facts: list[lay.Fact] = []
        if deal and playing:
            facts = [*_points(deal, seat), *_declarations(deal, seat), *_manko(deal, seat), *_bonuses(deal, seat),
                     *_exchange(deal, seat), *_voids(deal, seat, me)]
            if (deal.get("hand_counts") or {}).get(str(seat)):  # dealt, and cards left in it
                piles.append(_hand(view, me, seat))
        seats.append(lay.seat(
            seat, name, place, you="(you)" if you and name.lower() != "you" else "",
            roles=_roles(view, seat, playing), badges=_badges(view, seat), streak=_streak(view, seat),
            chips=f"chips {lay.signed(chips[seat])}" if with_chips and seat < len(chips) else None,
            to_move=to_move, turn=("your turn" if you else "to move") if to_move else "", me=you,
            waiting=not playing, facts=facts))
    pots = _pots(view, deal)
    if not deal:
        return lay.layout(PACK_ID, seats=seats, pots=pots, words=WORDS)
    stock_piles, stock_lines = _stock(view, deal)
    current, last = _tricks(view)
    return lay.layout(PACK_ID, phase=deal.get("phase") or "none", seats=seats, piles=[*stock_piles, *piles],
                      talon=stock_lines, trick=current, last_trick=last, pots=pots, outcome=_outcome(view),
                      words=WORDS)


# --- the review panel's words ----------------------------------------------------------------
def review_cards(action: str) -> list[str]:
    """The cards an action puts down: a card played, a declared set's cards; none for the others."""
    verb, _, what = action.partition(" ")
    if verb in CARD_VERBS:
        return [what]
    if verb == "declare" and what not in (BLANS, BIANKA):
        return what.split("-")
    return []


def review_doing(action: str, view: View) -> str:
    """How an action reads in the panel beside its cards: "play", "declare three kings (re)", or the button's label."""
    verb, _, what = action.partition(" ")
    if verb in CARD_VERBS:
        return verb
    if verb == "declare":
        return f"declare {figura_words(what)}"
    return action_label(action, view)[0]


def review_where(view: View) -> str:
    """The decision's moment in a few words: "the Pro question", "trick 3, Xs led", "trick 1, your lead"."""
    deal = view["deal"]
    if deal["phase"] == "play":
        trick = deal["trick"]
        led = f"{trick[0]['card']} led" if trick else "your lead"
        return f"trick {len(deal['tricks']) + 1}, {led}"
    return PHASE_WORDS.get(deal["phase"], deal["phase"])



def deal_score(outcome: View, seat: int, chips_won: int) -> tuple[float, str]:
    """What a class's results board ranks a finished deal by, after who won it: the seat's points (the cards it
    took, as the game counts)."""
    points = outcome.get("points") or {}
    return float(points.get(str(seat), points.get(seat, 0)) or 0), "points"
