"""Bouillotte's presenter: from a seat's view to the neutral layout the table draws, and the ``ui``'s words.

Pure functions of the engine's view (``game.view(seat)``): they read nothing else, so nothing the seat may not
know reaches the table through them. Every word the felt shows for Bouillotte is made here, English first with
one French term beside it at most (``layout.term``: the learner may hide them; the Russian of the seeds is taught in
the lessons, not put on the felt); ``widgets/table.js`` only draws the
layout (``bulka_teach.layout``). ``bulka_teach.table.present.table_ui`` asks this module for the prompt, the
buttons and the clickable cards; the practice table, the review panel and the stepper for the other names below.

Another seat's hand is three backs until the showdown shows it (a folded hand, and the hand of a player everyone
else folded to, stay backs). At the showdown each suit's highest card is ringed in its holder's hand, and the
seat's facts draw the cards it collects (that suit in every contender's hand and the retourne) with the total.
"""
from __future__ import annotations

from typing import Any

from .. import layout as lay
from .hands import mistigri_name
from .rules import POINTS, SUIT_NAMES, BouillotteRules, pack_for
from .text import hand_name, jetons, listed, tied_with, why_not_paid

View = dict[str, Any]
PACK_ID = "french"
CARD_VERBS: tuple[str, ...] = ()  # no card is clicked in Bouillotte: every decision is a button
AMOUNT_VERBS = ("open", "raise")
RANK_ORDER = "AKQJX98"  # highest first: the highest card of a suit in play

#: The words of each action, English first, the French term beside (carre and contre-carre are their own names).
TERMS = {
    "carre": "carre",
    "contre-carre": "contre-carre",
    "pass": lay.term("pass", "passe"),
    "open": lay.term("open", "ouvrir"),
    "hold": lay.term("hold", "tenir"),
    "raise": lay.term("raise", "relance"),
    "tapis": lay.term("all in", "tapis"),
    "fold": lay.term("fold", "se retirer"),
    "turn-first": "turn the first card of the stock",
    "turn-last": "turn the last card of the stock",
}
ROLE_WORDS = {
    "dealer": lay.term("dealer", "donneur"),
    "first": lay.term("first hand", "premier en main"),
}
BET_WORDS = {  # the last thing a seat did in this deal's betting, as a badge before it
    "carre": "carre", "contre-carre": "contre-carre", "pass": lay.term("passed", "passe"),
    "open": lay.term("opened", "ouvre"), "hold": lay.term("holds", "tient"), "raise": lay.term("raised", "relance"),
    "tapis": lay.term("all in", "tapis"), "fold": lay.term("folded", "se retire"),
    "last-jeton": "last jeton staked",
}
PHASE_WORDS = {
    "carre": "the carre, before the cards",
    "contre-carre": "the contre-carre, before the cards",
    "betting": "the betting",
    "anglais": "the brelan carré anglais",
    "showdown": lay.term("the showdown", "abattage"),
    "over": "the deal is over",
}
WORDS = {"amount_less": "one jeton less",
         "amount_more": "one jeton more"}
#: The practice table's sentences (``table/practice.py``): what a finished deal decided.
PRACTICE_WORDS = {
    "opponent_menu": "Computer players",
    "original_words": "Show the French words beside the English",
    "sits_out": "You sit out this deal: {players} play it. Press Continue to watch them.",
    "sits_out_blocked": "You sit out this deal: press Continue to watch the others play it.",
    "redeal_next": "Nobody opened (or a card was exposed): the cards are dealt again. Press Continue for the "
                   "next deal.",
    "game_over_next": "This deal is over: press Continue for the next one.",
    "game_over": "This deal is over: press New deal to play another.",
    "match_over": "The session is over (a player has no jeton left): press New deal for a new one.",
}


def player_name(view: View, seat: int) -> str:
    players = view.get("players") or []
    return players[seat] if 0 <= seat < len(players) else f"Seat {seat + 1}"


def suit_text(letter: str) -> str:
    """"clubs (trèfle)": the suit in English with its French name beside it (``SUIT_NAMES``)."""
    english, _, french = SUIT_NAMES[letter].partition(" (")
    return lay.term(english, french.rstrip(")"))


def _saint_james(view: View) -> bool:
    """The mistigri of this table is the jack of clubs (its brelan is the Saint-James)."""
    players = len(view.get("players") or [])
    if players not in range(3, 6):
        return False
    pack = pack_for(players, BouillotteRules.from_dict(view.get("rules") or {}))
    return mistigri_name(pack) == "brelan Saint-James"


# --- what the seat is asked ---------------------------------------------------------------------------

def _asked(view: View) -> bool:
    return (view.get("deal") is not None and view.get("seat") is not None and view.get("to_move") == view["seat"]
            and bool(view.get("legal")))


def amount_range(view: View) -> tuple[str, int, int] | None:
    """The amount action of the seat to move: (verb, lowest, highest legal total stake), or None."""
    legal = view.get("legal") or []
    for verb in AMOUNT_VERBS:
        amounts = [int(a.partition(" ")[2]) for a in legal if a.startswith(verb + " ")]
        if amounts:
            return verb, min(amounts), max(amounts)
    return None


def action_label(action: str, view: View) -> tuple[str, str]:
    """A button's label and hint for ``action`` (an amount action: its verb alone, or with its amount)."""
    deal = view.get("deal") or {}
    amounts = deal.get("amounts") or {}
    verb, _, n = action.partition(" ")
    stake = amounts.get("stake", 0)
    if verb == "carre":
        pot = sum(p["amount"] for p in deal.get("pots") or [])
        return (f"Play {TERMS['carre']}: stake {pot} blind",
                "Before the cards, stake as much as the pot holds; nothing put in a carre comes back.")
    if verb == "contre-carre":
        blind = max((b["amount"] for b in deal.get("blinds") or []), default=0)
        return (f"Double it: {TERMS['contre-carre']}, stake {2 * blind} blind",
                "Before the cards, stake twice the carre; if nobody opens, the last blind takes the pot.")
    if verb == "pass":
        if deal.get("phase") == "carre":
            return "No carre (pass)", "Stake nothing blind; wait for your cards."
        if deal.get("phase") == "contre-carre":
            return "Do not double (pass)", "Stake nothing blind; the carre stands alone."
        if deal.get("phase") == "anglais":
            return "Do not turn a card (pass)", "Keep your brelan as it is."
        return TERMS["pass"].capitalize(), "Stay in without staking more; nobody has opened yet."
    if verb in AMOUNT_VERBS:
        word = TERMS[verb].capitalize()
        to = f" to {n}" if n else " to"
        return f"{word}{to}", f"Your whole stake in this deal (now {stake}), not what you add."
    if verb == "hold":
        cost = amounts.get("hold") or 0
        return (f"{TERMS['hold'].capitalize()}: " + (f"put in {cost}" if cost else "free"),
                f"Bring your stake level with the highest, {amounts.get('highest', 0)}.")
    if verb == "tapis":
        whole = amounts.get("tapis", stake)
        return (f"{TERMS['tapis'].capitalize()}: stake {whole}",
                "Put in every jeton before you; you can win from each player only as much as you staked.")
    if verb == "fold":
        return TERMS["fold"].capitalize(), f"Give up the hand and the {jetons(stake)} you staked."
    if verb in ("turn-first", "turn-last"):
        return (TERMS[verb].capitalize() + " (brelan carré anglais)",
                "If it is the fourth of your rank, your brelan is a brelan carré too.")
    return action, ""


def card_clicks(view: View) -> tuple[str | None, dict[str, str]]:
    """No card is clicked in Bouillotte."""
    return None, {}


def buttons(view: View) -> list[dict[str, Any]]:
    """The legal actions as buttons: open or raise as one amount action (a stepper and a typed amount)."""
    legal = view.get("legal") or []
    result: list[dict[str, Any]] = []
    ranged = amount_range(view)
    for action in legal:
        verb = action.partition(" ")[0]
        if verb in AMOUNT_VERBS:
            if ranged is not None and ranged[0] == verb and not any(b["action"] == verb for b in result):
                _, low, high = ranged
                label, hint = action_label(verb, view)
                outside = f"{TERMS[verb].capitalize()}: a total stake between {low} and {high} jetons."
                result.append({"action": verb, "label": label, "hint": hint,
                               "amount": {"min": low, "max": high, "step": 1, "value": low, "outside": outside}})
            continue
        label, hint = action_label(action, view)
        result.append({"action": action, "label": label, "hint": hint})
    return result


def prompt(view: View) -> str:
    """What the seat of the view is asked now, or "" when nothing is asked of it."""
    if not _asked(view):
        return ""
    deal = view["deal"]
    phase = deal["phase"]
    if phase == "carre":
        return ("Before the cards: play carre (stake blind as much as the pot holds), or pass?")
    if phase == "contre-carre":
        return "A carre was played: double it blind (contre-carre), or pass?"
    if phase == "anglais":
        return ("Your brelan faces a brelan carré. Brelan carré anglais: turn the first or the last card of the "
                "stock — the fourth of your rank makes yours a carré too — or pass?")
    a = deal.get("amounts") or {}
    ranged = amount_range(view)
    legal = {action.partition(" ")[0] for action in view["legal"]}
    cost = a.get("hold") or 0
    choices = {"pass": "pass", "hold": f"hold ({'put in ' + str(cost) if cost else 'free'})",
               "open": "open with a stake of " + _span(ranged) if ranged else "",
               "raise": "raise to " + _span(ranged) if ranged else "",
               "tapis": "go all in (tapis)", "fold": "fold"}
    said = [text for verb, text in choices.items() if verb in legal and text]
    asked = ", ".join(said[:-1]) + f" or {said[-1]}" if len(said) > 1 else said[0]
    if deal.get("opened") is None:
        return (f"Your stake is {a.get('stake', 0)}, the largest {a.get('highest', 0)}; you have {a.get('chips', 0)}. "
                f"Nobody has opened: {asked}?")
    return (f"The highest stake is {a.get('highest', 0)}, yours {a.get('stake', 0)}; you have {a.get('chips', 0)}. "
            f"{asked[0].upper()}{asked[1:]}?")


def _span(ranged: tuple[str, int, int]) -> str:
    _, low, high = ranged
    return str(low) if low == high else f"{low}–{high}"


def declare_question(view: View, action: str) -> dict[str, Any] | None:
    """Bouillotte declares nothing before an action: never a question."""
    return None


# --- the felt: the layout of a view -------------------------------------------------------------------

def arrange(view: View, me: int | None) -> list[tuple[int, str]]:
    """Every seat and its place: ``me`` (a spectator: the first hand) at the bottom, the others in turn order."""
    n = len(view.get("players") or [])
    deal = view.get("deal") or {}
    bottom = me if me is not None else deal.get("first", 0)
    return [((bottom + k) % n, place) for k, place in enumerate(lay.places(n))]


def _last_bets(view: View) -> dict[int, str]:
    """Each seat's last betting action in this deal, read from the public log."""
    last: dict[int, str] = {}
    for entry in view.get("log") or []:
        if entry.get("kind") in BET_WORDS and entry.get("seat") is not None:
            last[entry["seat"]] = entry["kind"]
    return last


def _visible_hand(view: View, me: int | None, seat: int) -> list[str] | None:
    """The cards of ``seat``'s hand the table may show: shown at the showdown, the viewer's own, open hands."""
    deal = view["deal"]
    shown = deal.get("shown") or {}
    if str(seat) in shown:
        return list(shown[str(seat)])
    open_hands = deal.get("open_hands") or {}
    if str(seat) in open_hands:
        return list(open_hands[str(seat)])
    viewer = view.get("seat", me)
    if seat == viewer and deal.get("hand"):
        return list(deal["hand"])
    return None


def _highest_of(suit: str, cards: list[str]) -> str | None:
    mine = [c for c in cards if c[1] == suit]
    return min(mine, key=lambda c: RANK_ORDER.index(c[0])) if mine else None


def collections(view: View, pot: View) -> dict[int, list[tuple[str, str, list[str], int]]]:
    """For a points pot: by collector, each suit it collects — (suit, the highest card, the cards, the total)."""
    deal = view["deal"]
    shown = deal.get("shown") or {}
    retourne = deal.get("retourne")
    result: dict[int, list[tuple[str, str, list[str], int]]] = {}
    for suit, (collector, total) in sorted((pot.get("suits") or {}).items()):
        cards = [c for s in pot["contenders"] for c in shown.get(str(s), []) if c[1] == suit]
        top = _highest_of(suit, shown.get(str(collector), []))
        taken = sorted(cards, key=lambda c: RANK_ORDER.index(c[0]))
        if retourne and retourne[1] == suit:
            taken.append(retourne)
        if top is None:  # the retourne alone is the suit's highest card: nobody's hand holds the suit
            continue
        assert total == sum(POINTS[c[0]] for c in taken), "the table counts as the engine counts"
        result.setdefault(collector, []).append((suit, top, taken, total))
    return result


def _pot_name(j: int, count: int) -> str:
    if count == 1:
        return "the pot"
    return "the main pot" if j == 0 else f"side pot {j}"


def _short_pot(j: int) -> str:
    return "main pot" if j == 0 else f"side pot {j}"


def _seat_facts(view: View, seat: int, me: int | None) -> list[lay.Fact]:
    deal = view["deal"]
    facts: list[lay.Fact] = []
    stake = (deal.get("stakes") or [0] * (seat + 1))[seat]
    if stake:
        facts.append(lay.fact("stake", [lay.term("stake", "mise") + " ", {"b": str(stake)}]))
    outcome = deal.get("outcome")
    shown = deal.get("shown") or {}
    if outcome and str(seat) in shown:
        sj = _saint_james(view)
        brelan = next((b for b in outcome.get("brelans") or [] if b["seat"] == seat), None)
        if brelan is not None:
            paid = f": paid {jetons(brelan['paid'])}" if brelan.get("paid") else ""
            facts.append(lay.fact("brelan", [{"b": hand_name(brelan["hand"], brelan.get("rank"), sj)}, paid]))
        pots = outcome.get("pots") or []
        collected: dict[tuple[str, str, tuple[str, ...], int], list[str]] = {}  # one line per collection, its pots
        for j, pot in enumerate(pots):
            if pot.get("hand") == "points":
                for suit, top, cards, total in collections(view, pot).get(seat, []):
                    collected.setdefault((suit, top, tuple(cards), total), []).append(_short_pot(j))
        for (suit, top, taken, total), where in collected.items():
            text: lay.Rich = [{"card": top}, f" highest {suit_text(suit)} collects "]
            text += [{"card": c} for c in taken] + [" = ", {"b": str(total)}, " points"]
            if len(pots) > 1:
                text.append(f" ({', '.join(where)})")
            facts.append(lay.fact("points", text))
    return facts


def _badges(view: View, seat: int, last: dict[int, str]) -> list[dict[str, str]]:
    deal = view["deal"]
    badges = []
    if seat in (deal.get("folded") or []):
        badges.append({"text": BET_WORDS["fold"], "kind": "folded"})
    elif seat in (deal.get("all_in") or []):
        badges.append({"text": BET_WORDS["tapis"], "kind": "all-in"})
    elif seat in last:
        badges.append({"text": BET_WORDS[last[seat]], "kind": "bet"})
    for blind in deal.get("blinds") or []:
        if blind["seat"] == seat:
            badges.append({"text": f"{blind['kind']} {blind['amount']} blind", "kind": "blind"})
    outcome = deal.get("outcome")
    if outcome:
        won = [j for j, p in enumerate(outcome.get("pots") or []) if p.get("winner") == seat]
        if won and outcome["result"] != "thrown-in":
            pots = outcome["pots"]
            what = " and ".join(_pot_name(j, len(pots)) for j in won)
            badges.append({"text": f"takes {what}", "kind": "winner"})
    return badges


def _hand(view: View, me: int | None, seat: int, marked: list[str]) -> lay.Pile:
    deal = view["deal"]
    name = player_name(view, seat)
    cards = _visible_hand(view, me, seat)
    if cards is None:
        count = int((deal.get("hand_counts") or {}).get(str(seat)) or 0)
        return lay.pile("hand", seat, count=count, style="hand", aria=f"{name}'s hand: {count} face-down cards")
    if seat == me:
        shown = " (shown)" if str(seat) in (deal.get("shown") or {}) else ""
        return lay.pile("hand", seat, cards=cards, style="hand", aria=f"Your hand, {len(cards)} cards{shown}",
                        mine=True, marked=marked)
    return lay.pile("hand", seat, cards=cards, style="hand", aria=f"{name}'s hand, face up", marked=marked)


def _centre(deal: View) -> tuple[list[lay.Pile], list[lay.Rich]]:
    """The retourne (the turned card) beside the stock, the cards the brelan carré anglais turned, and a line."""
    piles: list[lay.Pile] = []
    lines: list[lay.Rich] = []
    count = int(deal.get("stock_count") or 0)
    if count:
        piles.append(lay.pile("stock", "talon", count=count, style="stack",
                              aria=lay.term("the stock", "talon") + f": {count} cards face down"))
    retourne = deal.get("retourne")
    if retourne:
        piles.append(lay.pile("retourne", "centre", cards=[retourne], style="single",
                              aria=f"the retourne, face up: {retourne}", label="retourne"))
    if count:
        lines.append([lay.term("stock", "talon") + f" {count}"])
    turned = deal.get("turned") or []
    if turned:
        piles.append(lay.pile("turned", "centre", cards=[t["card"] for t in turned], style="row",
                              aria="the cards turned from the stock (brelan carré anglais)",
                              label="turned from the stock"))
    return piles, lines


def _pots(view: View) -> list[lay.Pot]:
    deal = view.get("deal")
    if deal is None or deal.get("outcome"):
        outcome = (deal or {}).get("outcome")
        if outcome and outcome.get("pots") and outcome["result"] != "thrown-in":
            pots = outcome["pots"]
            return [lay.pot("pot" if j == 0 else f"side-{j}", _pot_name(j, len(pots)), p["amount"],
                            [f"to {player_name(view, p['winner'])}"] if p.get("winner") is not None else [])
                    for j, p in enumerate(pots)]
        dead = view.get("dead", 0)
        return [lay.pot("pot", "dead money on the table", dead)] if dead else []
    pots = deal.get("pots") or []
    return [lay.pot("pot" if j == 0 else f"side-{j}", _pot_name(j, len(pots)), p["amount"],
                    [_contending(view, p["contenders"])] if len(pots) > 1 else [])
            for j, p in enumerate(pots)]


def _contending(view: View, seats: list[int]) -> str:
    """Who may win a pot during the betting: "between Ann and Cleo", or "only Ann so far" (the others may hold)."""
    names = [player_name(view, s) for s in seats]
    return f"only {names[0]} so far" if len(names) == 1 else f"between {listed(names)}"


def _marked(view: View) -> dict[int, list[str]]:
    """At a points showdown: each seat's cards that are the highest of their suit in a pot it contends."""
    deal = view["deal"]
    outcome = deal.get("outcome") or {}
    marked: dict[int, list[str]] = {}
    for pot in outcome.get("pots") or []:
        if pot.get("hand") == "points":
            for seat, suits in collections(view, pot).items():
                for _, top, _, _ in suits:
                    if top not in marked.setdefault(seat, []):
                        marked[seat].append(top)
    return marked


def _outcome(view: View) -> lay.Outcome | None:
    deal = view["deal"]
    o = deal.get("outcome")
    if not o:
        return None
    sj = _saint_james(view)
    pots = o.get("pots") or []
    result = o["result"]
    if result == "thrown-in":
        head = "Nobody opened: the cards are thrown in"
    elif result == "void":
        head = "A card was exposed: the deal is void"
    else:
        head = f"{player_name(view, o['winner'])} takes {_pot_name(0, len(pots))}" if o.get("winner") is not None \
            else "The deal is over"
    paragraphs: list[Any] = []
    for j, pot in enumerate(pots):
        name = _pot_name(j, len(pots)).capitalize()
        winner = pot.get("winner")
        if winner is None:
            continue
        among = listed([player_name(view, s) for s in pot.get("contenders") or []])
        text: list[Any] = [f"{name}: ", {"b": str(pot["amount"])}, f" to {player_name(view, winner)}"]
        if pot.get("hand") == "points":
            text += [f" ({among}) on the points: ", {"b": str(pot["total"])}, " in ", {"suit": pot["suit"]},
                     f" {suit_text(pot['suit'])}"]
            ties = tied_with(pot.get("suits") or {}, winner, pot["total"], view["players"])
            if ties:
                text += [f", tied with {listed(ties)}: {player_name(view, winner)} is first from the dealer's right"]
        elif pot.get("hand"):
            text += [f" ({among}) with {hand_name(pot['hand'], pot.get('rank'), sj)}"]
        elif result == "showdown":
            text += [" (nobody else staked that much: it goes back)"]
        paragraphs.append({"text": text, "kind": "pot"})
    for b in o.get("brelans") or []:
        paragraphs.append({"text": [_brelan_paid(view, b, sj)], "kind": "brelan"})
    summary = next((p for p in reversed(view.get("previous") or []) if p.get("number") == deal["number"]), None)
    if summary is not None and summary.get("chips"):
        paragraphs.append({"text": ["jetons now: " + ", ".join(f"{player_name(view, s)} {c}"
                                                               for s, c in enumerate(summary["chips"]))],
                           "kind": "chips"})
    return lay.outcome(result, head, paragraphs, aria="result of the deal")


def _brelan_paid(view: View, b: View, sj: bool) -> str:
    """A brelan in the result box: what it was paid, by whom, and why the others paid nothing."""
    told = f"{player_name(view, b['seat'])}: {hand_name(b['hand'], b.get('rank'), sj)}"
    if b["hand"] == "brelan-mistigri":
        return f"{told}, never paid (the mistigri's brelan takes nothing from the others)"
    names = [player_name(view, s) for s in b.get("payers") or []]
    paid = f"{told}, paid {jetons(b['paid'])}" + (f" by {listed(names)}" if names else "")
    return paid + why_not_paid([player_name(view, s) for s in b.get("higher") or []],
                               [player_name(view, s) for s in b.get("broke") or []])


def layout(view: View, me: int | None) -> dict[str, Any]:
    """The felt for ``view`` with ``me`` at the bottom (None: a spectator, the first hand at the bottom)."""
    deal = view.get("deal")
    players = view.get("players") or []
    if not players:
        return lay.layout(PACK_ID, words=WORDS)
    chips = view.get("chips") or []
    last = _last_bets(view) if deal else {}
    marked = _marked(view) if deal else {}
    seats, piles = [], []
    over = bool(deal and deal.get("outcome"))
    for seat, place in arrange(view, me):
        you = seat == me
        name = player_name(view, seat)
        to_move = bool(deal) and not over and view.get("to_move") == seat
        roles = []
        if deal:
            if deal.get("dealer") == seat:
                roles.append(ROLE_WORDS["dealer"])
            if deal.get("first") == seat:
                roles.append(ROLE_WORDS["first"])
            if (deal.get("hand_counts") or {}).get(str(seat)):
                piles.append(_hand(view, me, seat, marked.get(seat, [])))
        elif view.get("dealer") == seat:
            roles.append(ROLE_WORDS["dealer"])
        seats.append(lay.seat(
            seat, name, place, you="(you)" if you and name.lower() != "you" else "", roles=roles,
            badges=_badges(view, seat, last) if deal else [],
            chips=f"jetons {chips[seat]}" if seat < len(chips) else None,
            to_move=to_move, turn=("your turn" if you else "to speak") if to_move else "", me=you,
            waiting=deal is not None and seat in (deal.get("folded") or []),
            facts=_seat_facts(view, seat, me) if deal else []))
    if not deal:
        return lay.layout(PACK_ID, seats=seats, pots=_pots(view), words=WORDS)
    centre, lines = _centre(deal)
    return lay.layout(PACK_ID, phase=deal.get("phase") or "none", seats=seats, piles=[*centre, *piles],
                      talon=lines, pots=_pots(view), outcome=_outcome(view), words=WORDS)


# --- the review panel's words ----------------------------------------------------------------
def review_cards(action: str) -> list[str]:
    """No Bouillotte action puts a card down."""
    return []


def review_doing(action: str, view: View) -> str:
    """How an action reads in the review panel: its button's label with the amount."""
    return action_label(action, view)[0]


def review_where(view: View) -> str:
    """The decision's moment in a few words: "the carre, before the cards", "betting: highest stake 12, pot 22"."""
    deal = view["deal"]
    phase = deal["phase"]
    if phase == "betting":
        pot = sum(p["amount"] for p in deal.get("pots") or [])
        opened = "not opened yet" if deal.get("opened") is None else f"highest stake {deal.get('highest', 0)}"
        return f"deal {deal['number']}, betting: {opened}, pot {pot}"
    return f"deal {deal['number']}, {PHASE_WORDS.get(phase, phase)}"



def deal_score(outcome: View, seat: int, chips_won: int) -> tuple[float, str]:
    """What a class's results board ranks a finished deal by, after who won a pot: the jetons the seat won or lost
    in it (Bouillotte counts nothing else)."""
    return float(chips_won), "jetons"
