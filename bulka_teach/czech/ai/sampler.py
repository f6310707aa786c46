"""Possible worlds: the hidden cards dealt in ways consistent with everything one seat knows.

``read_view(view)`` gathers what the seat knows from its view alone (``game.view(seat)``): its own
cards, the public cards (played, out of play, the visible stock card, the first candidate, cards taken
by exchange, the melds shown), the counts of each hidden place, the opponent's known voids, the melds the
opponent declared as far as they were told, and the hundred procedure. ``sample_worlds`` deals the
unknown cards to the hidden places — the opponent's hand and discards, the stock under the visible
card and, before trumps are chosen, both dokups — and keeps only the worlds ``contradiction`` finds
nothing wrong with.

Dealing is constraint-aware: cards of a suit the opponent is known to lack never go to the opponent's
hand, the cards of a meld the opponent showed stay in that hand until played, and a declared twenty of
unknown suit or an announced hundred is placed first (a random fitting meld). The result is then
checked in full (melds as the engine finds them: whole runs, so a twenty is not part of a longer run;
a non-declarer who did not ask about a hundred held none at the first lead) and rejected when it fails.
Placing melds first makes the worlds close to, not exactly, uniform among the consistent ones.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from .. import rules
from ..melds import CLASS_NAMES, FIFTY, HUNDRED, LOWEST_FOUR, TWENTY, Meld, find_melds
from ..rules import PACK, SUITS

_KIND_OF_NAME = {name: kind for kind, name in CLASS_NAMES.items()}
_ALL = tuple(c.code for c in PACK.cards)
_SUIT_OF = {c.code: c.suit for c in PACK.cards}


@dataclass(frozen=True)
class World:
    """One assignment of every card a seat cannot see. Codes; ``stock`` runs bottom to top (last: visible)."""

    hands: dict[int, tuple[str, ...]]
    discards: dict[int, tuple[str, ...]]
    stock: tuple[str, ...]
    dokup: dict[int, tuple[str, ...]] = field(default_factory=dict)  # before trumps are chosen


@dataclass(frozen=True)
class MeldClaim:
    """A meld the opponent declared, as far as it was told: its class, maybe its height, maybe its cards."""

    kind: int
    top_rank: str | None = None
    code: str | None = None

    def fits(self, meld: Meld) -> bool:
        return (meld.kind == self.kind and (self.top_rank is None or meld.top_rank == self.top_rank)
                and (self.code is None or meld.code == self.code))


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows of the current deal, read from its view."""

    viewer: int
    opponent: int
    own_hand: tuple[str, ...]
    own_discards: tuple[str, ...]
    unknown: tuple[str, ...]  # every card whose place the viewer cannot see
    opp_known: tuple[str, ...]  # the opponent's cards the viewer saw (taken by exchange): in hand or discarded
    opp_must_hold: frozenset[str]  # shown meld cards not yet played
    hand_size: int
    discard_size: int
    stock_top: str | None
    stock_under: int  # hidden stock cards under the visible one
    dokup_size: int  # each seat's face-down dokup (before trumps)
    voids: frozenset[int]
    opp_played: tuple[str, ...]
    claims: tuple[MeldClaim, ...]
    #: cards the opponent gave / took by exchanging during play after its declarations (changes what it held then)
    given_after_declaring: tuple[str, ...]
    taken_after_declaring: tuple[str, ...]
    given_in_play: tuple[str, ...]
    taken_in_play: tuple[str, ...]
    must_have_hundred: bool  # the opponent asked (or is asked) about a hundred and has not declared it yet
    no_hundred_at_lead: bool  # a non-declarer who did not ask held no hundred at the first lead


def _opponent(deal: dict[str, Any], viewer: Any) -> int:
    seats = (deal["forehand"], deal["dealer"])
    if viewer not in seats:
        raise ValueError("possible worlds are drawn for a seat playing this deal: this view is a spectator's "
                         "or the seat sitting out's; pass game.view(seat) of a player")
    return seats[1] if viewer == seats[0] else seats[0]


def read_view(view: dict[str, Any]) -> Knowledge:
    """What the view's seat knows of the deal in progress (a ValueError when it plays no deal now)."""
    deal = view.get("deal")
    if deal is None or deal.get("outcome") is not None:
        raise ValueError("there is no deal in progress in this view: nothing is hidden to sample")
    viewer = view["seat"]
    opp = _opponent(deal, viewer)
    log = view.get("log", [])
    by_seat = played_by(deal, viewer, opp)
    opp_played = tuple(by_seat[opp])
    played = set(by_seat[viewer]) | set(opp_played)

    # the exchanges, in log order, each with its given card (out_of_play keeps the same order)
    given_after, taken_after, given_play, taken_play = [], [], [], []
    exchanges = [(i, e["seat"]) for i, e in enumerate(log) if e["kind"] == "exchange"]
    play_start = next((i for i, e in enumerate(log) if e["kind"] == "play-starts"), None)
    declare_at = next((i for i, e in enumerate(log) if e["kind"] == "declare" and e["seat"] == opp), None)
    out_of_play = deal["out_of_play"]
    taken_opp = deal["taken"].get(str(opp), [])
    for (at, seat), given in zip(exchanges, out_of_play):
        if seat != opp or play_start is None or at < play_start:
            continue
        given_play.append(given)
        taken_play.append(taken_opp[-1])  # an exchange during play takes one card, the seat's last taken
        if declare_at is not None and at > declare_at:
            given_after.append(given)
            taken_after.append(taken_opp[-1])

    claims = []
    for entry in deal["melds"].get(str(opp), []):
        claims.append(MeldClaim(_KIND_OF_NAME[entry["name"]], entry.get("height"), entry.get("meld")))
    shown = {code for claim in claims if claim.code for code in claim.code.split("-")}
    opp_cards_public = (set(taken_opp) | shown) - played - set(out_of_play)
    must_hold = frozenset(shown - played - set(out_of_play))
    opp_known = tuple(sorted(opp_cards_public - must_hold))

    own_hand = tuple(deal["hand"])
    own_discards = tuple(deal["discards"])
    public = set(own_hand) | set(own_discards) | played | set(out_of_play) | opp_cards_public
    for code in (deal["first_candidate"], deal["stock_top"]):
        if code is not None:
            public.add(code)
    unknown = tuple(c for c in _ALL if c not in public)

    asked = any(e["kind"] == "ask-hundred" and e["seat"] == opp for e in log)
    asked = asked or (deal["phase"] == "hundred-ask" and deal["to_move"] == opp)
    hundred_declared = any(c.kind >= HUNDRED for c in claims)
    non_declarer = deal["declarer"] is not None and deal["declarer"] != opp
    return Knowledge(
        viewer=viewer, opponent=opp, own_hand=own_hand, own_discards=own_discards, unknown=unknown,
        opp_known=opp_known, opp_must_hold=must_hold, hand_size=deal["hand_counts"][str(opp)],
        discard_size=deal["discard_counts"][str(opp)], stock_top=deal["stock_top"],
        stock_under=max(deal["stock_count"] - 1, 0), dokup_size=deal["dokup_face_down"][str(opp)],
        voids=frozenset(SUITS.index(s) for s in deal["voids"].get(str(opp), [])), opp_played=opp_played,
        claims=tuple(claims), given_after_declaring=tuple(given_after),
        taken_after_declaring=tuple(taken_after), given_in_play=tuple(given_play), taken_in_play=tuple(taken_play),
        must_have_hundred=asked and not hundred_declared,
        no_hundred_at_lead=non_declarer and not asked and play_start is not None)


def played_by(deal: dict[str, Any], viewer: int, opp: int) -> dict[int, list[str]]:
    """Each seat's played cards of this deal, in the order played."""
    played: dict[int, list[str]] = {viewer: [], opp: []}
    leader = deal["forehand"]
    for trick in deal["tricks"]:
        led, answer = trick["cards"]
        played[leader].append(led)
        played[opp if leader == viewer else viewer].append(answer)
        leader = trick["winner"]
    for entry in deal["trick"]:
        played[entry["seat"]].append(entry["card"])
    return played


def held_at_checks(view: dict[str, Any], world: World) -> dict[int, list[set[str]]]:
    """The cards each seat held at each moment the engine looks for bela: after the dokup, after each exchange."""
    deal = view["deal"]
    viewer = view["seat"]
    opp = _opponent(deal, viewer)
    log = view.get("log", [])
    played = played_by(deal, viewer, opp)
    out_of_play = deal["out_of_play"]
    exchanges = [(i, e["seat"]) for i, e in enumerate(log) if e["kind"] == "exchange"]
    play_start = next((i for i, e in enumerate(log) if e["kind"] == "play-starts"), len(log))
    checks: dict[int, list[set[str]]] = {}
    for seat in (viewer, opp):
        taken = list(deal["taken"].get(str(seat), []))
        mine = [(at, given) for (at, who), given in zip(exchanges, out_of_play) if who == seat]
        in_play = [(at, given) for at, given in mine if at > play_start]
        now = set(world.hands[seat])
        dealt = (now | set(played[seat]) | set(world.discards.get(seat, ())) | {g for _, g in mine}) - set(taken)
        moments = [dealt]
        pre = [g for at, g in mine if at < play_start]
        if pre:
            moments.append((dealt - set(pre)) | set(taken[: len(taken) - len(in_play)]))
        for at, _ in in_play:
            before = sum(1 for e in log[:at] if e["kind"] == "play" and e["seat"] == seat)
            moments.append(now | set(played[seat][before:]))
        checks[seat] = moments
    return checks


def exchanging_card(trump: int, face_up: list[str]) -> str:
    """The card that exchanges for these face-up trumps (``rules.exchanging_card``), as a code."""
    card = rules.exchanging_card(trump, PACK.cards_of(face_up))
    assert card is not None, "an exchange is made only for a trump lying face up"
    return card.code


def face_up_exchange(view: dict[str, Any], world: World, trump: int) -> tuple[str, list[str]] | None:
    """An exchange before play in this world: the exchanging card and the face-up trumps it takes
    (the candidates of the trump suit, then the chain of visible stock trumps), or None."""
    first = view["deal"]["first_candidate"]
    planned = [first] if first is not None and PACK.card(first).suit == trump else []
    stock = list(world.stock)
    if stock and PACK.card(stock[-1]).suit == trump:
        planned.append(stock.pop())
        if view["rules"].get("exchange_chain", "trumps") == "trumps":
            chain = []
            while stock and PACK.card(stock[-1]).suit == trump:
                chain.append(stock.pop())
            return (exchanging_card(trump, planned), planned + chain) if planned else None
    return (exchanging_card(trump, planned), planned) if planned else None


# --- the consistency predicate -----------------------------------------------------------------
def contradiction(knowledge: Knowledge, world: World) -> str | None:
    """What in ``world`` contradicts the seat's knowledge (a sentence), or None when the world is possible."""
    k, opp = knowledge, knowledge.opponent
    hand = world.hands.get(opp, ())
    discards = world.discards.get(opp, ())
    if tuple(sorted(world.hands.get(k.viewer, ()))) != tuple(sorted(k.own_hand)):
        return "the viewer's own hand differs from the view"
    if len(hand) != k.hand_size:
        return f"the opponent holds {len(hand)} cards, the view says {k.hand_size}"
    if len(discards) != k.discard_size:
        return f"the opponent discarded {len(discards)} cards, the view says {k.discard_size}"
    expected_stock = k.stock_under + (1 if k.stock_top is not None else 0)
    if len(world.stock) != expected_stock or (k.stock_top is not None and world.stock[-1] != k.stock_top):
        return "the stock does not match the visible stock card and count"
    for seat in (k.viewer, opp):
        if len(world.dokup.get(seat, ())) != k.dokup_size:
            return "the dokup sizes do not match the view"
    placed = list(hand) + list(discards) + list(world.stock[:-1] if k.stock_top else world.stock)
    placed += [c for seat in (k.viewer, opp) for c in world.dokup.get(seat, ())]
    if sorted(placed) != sorted(list(k.unknown) + list(k.opp_known) + list(k.opp_must_hold)):
        return "the hidden places do not hold exactly the cards the viewer cannot see"
    if any(c not in hand and c not in discards for c in k.opp_known):
        return "a card the opponent took by exchange is neither in its hand nor among its discards"
    if any(c not in hand for c in k.opp_must_hold):
        return "a card of a meld the opponent showed is missing from its hand"
    if any(_SUIT_OF[c] in k.voids for c in hand):
        return "the opponent holds a card of a suit it showed it lacks"
    if k.claims or k.must_have_hundred:
        held = at_declaring(k, hand)
        if k.claims and not _claims_fit(k.claims, find_melds(PACK.cards_of(held))):
            return "the opponent's cards do not hold the melds it declared"
        if k.must_have_hundred and not any(m.kind >= HUNDRED for m in find_melds(PACK.cards_of(held))):
            return "the opponent asked about a hundred but holds none"
    if k.no_hundred_at_lead:
        at_lead = (set(hand) | set(k.opp_played) | set(k.given_in_play)) - set(k.taken_in_play)
        if any(m.kind >= HUNDRED for m in find_melds(PACK.cards_of(at_lead))):
            return "the opponent would have had to ask about its hundred"
    return None


def at_declaring(k: Knowledge, hand: tuple[str, ...]) -> set[str]:
    """The opponent's cards when it declared (or now, if it has not yet played): what its melds come from."""
    return (set(hand) | set(k.opp_played) | set(k.given_after_declaring)) - set(k.taken_after_declaring)


def _claims_fit(claims: tuple[MeldClaim, ...], held: list[Meld]) -> bool:
    """Whether distinct melds of ``held`` match every claim."""
    return _matching(claims, held) is not None


def _matching(claims: tuple[MeldClaim, ...], held: list[Meld]) -> tuple[Meld, ...] | None:
    """Distinct melds of ``held`` matching the claims one to one (the highest such), or None."""
    if len(held) < len(claims):
        return None
    return next((chosen for chosen in permutations(held, len(claims))
                 if all(c.fits(m) for c, m in zip(claims, chosen))), None)


def opponent_melds(knowledge: Knowledge, world: World) -> list[Meld]:
    """The melds the opponent declared, in this world (the cards of a twenty told only by its class or height)."""
    if not knowledge.claims:
        return []
    held = find_melds(PACK.cards_of(at_declaring(knowledge, world.hands[knowledge.opponent])))
    found = _matching(knowledge.claims, held)
    if found is None:
        raise ValueError("this world does not hold the melds the opponent declared: it contradicts the view")
    return list(found)


# --- dealing -----------------------------------------------------------------------------------
def sample_worlds(view: dict[str, Any], n: int, rng: random.Random, max_tries: int | None = None) -> list[World]:
    """Up to ``n`` worlds consistent with ``view`` (fewer only if ``max_tries`` dealings found no more)."""
    knowledge = read_view(view)
    return sample_from(knowledge, n, rng, max_tries)


def sample_from(knowledge: Knowledge, n: int, rng: random.Random, max_tries: int | None = None,
                deadline: float | None = None) -> list[World]:
    """``sample_worlds`` from knowledge already read (the bot reads a view once); ``deadline``: a
    ``time.perf_counter()`` value after which no more dealings are tried once one world is found."""
    worlds: list[World] = []
    tries = max_tries if max_tries is not None else 200 * n + 200
    for attempt in range(tries):
        world = _deal_once(knowledge, rng)
        if world is not None and contradiction(knowledge, world) is None:
            worlds.append(world)
            if len(worlds) == n:
                break
        if deadline is not None and worlds and attempt % 16 == 15 and time.perf_counter() > deadline:
            break
    return worlds


def _deal_once(k: Knowledge, rng: random.Random) -> World | None:
    opp = k.opponent
    hand: list[str] = sorted(k.opp_must_hold)
    free = list(k.unknown)
    known = list(k.opp_known)
    # a declared twenty of unknown suit, or a hundred asked about: place one fitting meld first
    wanted = [c.kind for c in k.claims if c.code is None]
    tops = [c.top_rank for c in k.claims if c.code is None]
    if k.must_have_hundred:
        wanted.append(HUNDRED)
        tops.append(None)
    if wanted:
        available = set(free) | set(known) | set(hand) | set(k.opp_played)
        for kind, top in zip(wanted, tops):
            options = _meld_options(kind, top, available, k.voids, k.opp_played)
            if not options:
                return None
            for code in rng.choice(options):
                if code in free:
                    free.remove(code)
                    hand.append(code)
                elif code in known:
                    known.remove(code)
                    hand.append(code)
    rng.shuffle(known)
    need = k.hand_size - len(hand)
    if need < 0:
        return None
    # the opponent's taken cards go to its hand when their suit allows, or to its discards
    to_discard = [c for c in known if _SUIT_OF[c] in k.voids]
    maybe = [c for c in known if _SUIT_OF[c] not in k.voids]
    fits = [c for c in free if _SUIT_OF[c] not in k.voids]
    pool = maybe + fits
    rng.shuffle(pool)
    picked = pool[:need]
    if len(picked) < need:
        return None
    hand += picked
    to_discard += [c for c in maybe if c not in picked]
    rest = [c for c in free if c not in picked]
    rng.shuffle(rest)
    more = k.discard_size - len(to_discard)
    if more < 0:
        return None
    discards = to_discard + rest[:more]
    rest = rest[more:]
    dokup: dict[int, tuple[str, ...]] = {}
    if k.dokup_size:
        dokup = {k.viewer: tuple(rest[: k.dokup_size]), opp: tuple(rest[k.dokup_size: 2 * k.dokup_size])}
        rest = rest[2 * k.dokup_size:]
    if len(rest) != k.stock_under:
        return None
    stock = tuple(rest) + ((k.stock_top,) if k.stock_top is not None else ())
    return World(hands={k.viewer: k.own_hand, opp: tuple(hand)}, discards={k.viewer: k.own_discards,
                 opp: tuple(discards)}, stock=stock, dokup=dokup)


def _meld_options(kind: int, top_rank: str | None, available: set[str], voids: frozenset[int],
                  played: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Card sets that could make a meld of this class (HUNDRED: any hundred) from the available cards.

    A card of a suit the opponent lacks fits only if it was already played.
    """
    def fits(cards: tuple[str, ...]) -> bool:
        return (top_rank is None or cards[-1][0] == top_rank) and all(
            c in available and (_SUIT_OF[c] not in voids or c in played) for c in cards)

    lengths = {TWENTY: (3,), FIFTY: (4,), HUNDRED: (5, 6, 7, 8)}.get(kind, ())
    options = [cards for suit in range(4) for length in lengths for low in range(9 - length)
               if fits(cards := tuple(PACK.cards[suit * 8 + r].code for r in range(low, low + length)))]
    if kind >= HUNDRED:
        options += [cards for rank in range(LOWEST_FOUR, 8)
                    if fits(cards := tuple(PACK.cards[s * 8 + rank].code for s in range(4)))]
    return options


__all__ = ["World", "Knowledge", "MeldClaim", "read_view", "contradiction", "sample_worlds", "sample_from",
           "opponent_melds", "held_at_checks", "played_by", "at_declaring",
           "exchanging_card", "face_up_exchange"]
