"""What the opponent's answers on trumps say about the six cards it held when it answered.

A player who takes a suit (zadá) usually holds strong trumps in it; one who passes usually does not.
The sampler (``sampler.py``) deals only worlds that nothing in the view rules out; this module makes
them follow what the answers *suggest* as well: ``answer_chance`` is the chance that a typical player
holding a world's six cards would have answered as the opponent did — for each answer, a logistic
curve of the teaching rules' hand strength (``teaching.trump_strength``) around the strength from
which they take — and ``likely_worlds`` keeps each sampled world with that chance (rejection
sampling), so that a world where a passer held five trumps is drawn rarely, not never.

After trumps are chosen the six cards are not known even in a world: they are the nine the opponent
held after its dokup less three (its dokup), drawn at random, which is how the deal made them.

The opponent's cards played so far say more: ``play_chance`` asks the teaching rules (``teaching.RULES``,
the play a sensible player makes) which card the opponent would have played at each of its past turns,
holding the world's cards; a world where they would have played the card it did keeps its weight, one
where they would have played another keeps ``OFF_RULE`` of it (players do not always play by the rules).
A world whose opponent led a low card while holding the highest ace still out is then drawn rarely.
Melds likewise: an undeclared meld counts nothing, so a sensible player declares every meld with its first
card, and a world where the opponent held one more meld than it declared keeps ``OFF_RULE`` of its weight
(a fifth of the plain worlds did). And the šíbr: a player holding the card that exchanges for the face-up
trumps exchanges (unless it is the minda), so one who passed there most likely does not hold it.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ..deal import follow_cards
from ..melds import find_melds
from ..rules import PACK, SUITS
from .sampler import Knowledge, World, at_declaring, face_up_exchange, held_at_checks, sample_from
from .teaching import TAKE_THRESHOLD, Situation, first_advice, trump_strength

SOFTNESS = 0.75  # strength units over which the chance to take rises from 27% to 73% (players differ)
#: the weight, against 1, of a world where the opponent broke a teaching rule (a card, a meld undeclared, a šíbr passed)
OFF_RULE = 0.25
BATCHES = 8  # at most this many times the wanted worlds are dealt before the likeliest rejected fill in


def opponent_answers(view: dict[str, Any], opponent: int) -> list[tuple[str, int]]:
    """The opponent's free answers on trumps in this deal, as (take or pass, suit index). A forced dealer's take
    says nothing about its hand and is left out."""
    deal = view["deal"]
    forced = bool(deal.get("forced")) and opponent == deal["dealer"]
    return [(e["kind"], SUITS.index(e["suit"])) for e in view.get("log", [])
            if e["kind"] in ("take", "pass") and e["seat"] == opponent and "suit" in e
            and not (forced and e["kind"] == "take")]


def take_chance(six: list[str], suit: int) -> float:
    """The chance that a player holding these cards takes ``suit`` as trumps."""
    strength = trump_strength(PACK.cards_of(six), suit)
    return 1.0 / (1.0 + math.exp(-(strength - TAKE_THRESHOLD) / SOFTNESS))


def bidding_hand(view: dict[str, Any], knowledge: Knowledge, world: World, rng: random.Random) -> list[str]:
    """The six cards the opponent answered with in this world (after trumps: six of its nine, at random)."""
    opp = knowledge.opponent
    if view["deal"]["trump"] is None:
        return list(world.hands[opp])
    nine = sorted(held_at_checks(view, world)[opp][0])
    return rng.sample(nine, min(6, len(nine)))


def answer_chance(answers: list[tuple[str, int]], six: list[str]) -> float:
    """The chance of these answers from a player holding ``six``."""
    chance = 1.0
    for kind, suit in answers:
        take = take_chance(six, suit)
        chance *= take if kind == "take" else 1.0 - take
    return chance


@dataclass(frozen=True)
class PastPlay:
    """One of the opponent's past turns in play, as the opponent saw it (the world fills in its hand)."""

    card: str  # what it played
    led: str | None  # the card it answered, or None when it led
    later: tuple[str, ...]  # its cards played from this turn on (this one included): in its hand then
    seen: frozenset[str]  # the cards it had seen go by then (played, face up, out of play), not its own hand
    viewer_voids: frozenset[int]  # suits the viewer had shown it lacks by then


def past_plays(view: dict[str, Any], knowledge: Knowledge) -> list[PastPlay]:
    """The opponent's turns in play whose hand a world tells in full (before an exchange during play it held
    another card, so those turns are left out)."""
    deal = view["deal"]
    if deal["trump"] is None or deal["phase"] != "play":
        return []
    viewer, opp, trump = knowledge.viewer, knowledge.opponent, SUITS.index(deal["trump"])
    log = view.get("log", [])
    exchanged = [i for i, e in enumerate(log) if e["kind"] == "exchange" and e["seat"] == opp]
    plays = [i for i, e in enumerate(log) if e["kind"] == "play" and e["seat"] == opp]
    skip = sum(1 for i in plays if exchanged and i < exchanged[-1])
    visible = {c for c in (deal["first_candidate"], deal["stock_top"]) if c} | set(deal["out_of_play"])
    sequence: list[tuple[int, str, str | None]] = []  # (seat, card, the card it answered)
    leader = deal["forehand"]
    for trick in deal["tricks"]:
        led, answer = trick["cards"]
        sequence += [(leader, led, None), (viewer if leader == opp else opp, answer, led)]
        leader = trick["winner"]
    for i, entry in enumerate(deal["trick"]):
        sequence.append((entry["seat"], entry["card"], deal["trick"][0]["card"] if i else None))
    opp_cards = [card for seat, card, _ in sequence if seat == opp]
    out: list[PastPlay] = []
    seen: set[str] = set(visible)
    voids: set[int] = set()
    turn = 0
    for seat, card, led in sequence:
        if seat == opp:
            if turn >= skip:
                out.append(PastPlay(card, led, tuple(opp_cards[turn:]), frozenset(seen | ({led} if led else set())),
                                    frozenset(voids)))
            turn += 1
        elif led is not None and PACK.card(card).suit != PACK.card(led).suit:
            voids.add(PACK.card(led).suit)
            if PACK.card(card).suit != trump:
                voids.add(trump)
        seen.add(card)
    return out


def rule_card(view: dict[str, Any], knowledge: Knowledge, world: World, turn: PastPlay) -> str:
    """The card the teaching rules would have played at this past turn, holding the world's cards."""
    deal = view["deal"]
    opp, trump = knowledge.opponent, SUITS.index(deal["trump"])
    hand = list(world.hands[opp]) + list(turn.later)
    cards = PACK.cards_of(hand)
    led = PACK.card(turn.led) if turn.led else None
    legal = [c.code for c in follow_cards(cards, led, trump, bool(view["rules"].get("must_beat")))[0]]
    if len(legal) == 1:
        return legal[0]
    known = turn.seen | set(hand) | set(world.discards.get(opp, ()))
    s = Situation(view=view, seat=opp, phase="play", legal=[f"play {c}" for c in legal], hand=cards,
                  trump=trump, offered=None, declarer=deal["declarer"], trick=[led] if led else [],
                  outside={c for c in PACK.cards if c.code not in known}, opponent_voids=set(turn.viewer_voids))
    found = first_advice(s)
    return found[1].action[5:] if found is not None else legal[0]


def play_chance(view: dict[str, Any], knowledge: Knowledge, world: World, turns: list[PastPlay]) -> float:
    """The weight of the world by the opponent's past plays: ``OFF_RULE`` for each the rules would not make."""
    chance = 1.0
    for turn in turns:
        if rule_card(view, knowledge, world, turn) != turn.card:
            chance *= OFF_RULE
    return chance


def meld_chance(knowledge: Knowledge, world: World) -> float:
    """``OFF_RULE`` when the opponent, having played its first card, held a meld it did not declare; else 1."""
    if not knowledge.opp_played:
        return 1.0
    held = find_melds(PACK.cards_of(at_declaring(knowledge, world.hands[knowledge.opponent])))
    return OFF_RULE if len(held) > len(knowledge.claims) else 1.0


def passed_on_exchange(view: dict[str, Any], opponent: int) -> bool:
    """Whether the opponent passed on the šíbr before play while what lay face up is still what lies face up now
    (nobody has exchanged in this deal)."""
    log = view.get("log", [])
    return (not any(e["kind"] == "exchange" for e in log)
            and any(e["kind"] == "exchange-pass" and e["seat"] == opponent for e in log))


def exchange_chance(view: dict[str, Any], knowledge: Knowledge, world: World) -> float:
    """``OFF_RULE`` when, in this world, the opponent passed on the šíbr holding the card that exchanges (not the
    minda, which a sensible player keeps); else 1. Call it only when ``passed_on_exchange``."""
    plan = face_up_exchange(view, world, SUITS.index(view["deal"]["trump"]))
    if plan is None or PACK.ranks[PACK.card(plan[0]).rank] == "9":
        return 1.0
    dealt = held_at_checks(view, world)[knowledge.opponent][0]
    return OFF_RULE if plan[0] in dealt else 1.0


def likely_worlds(view: dict[str, Any], knowledge: Knowledge, n: int, rng: random.Random,
                  deadline: float | None = None) -> list[World]:
    """Up to ``n`` worlds consistent with the view, each kept with the chance of what the opponent did in it:
    its answers on trumps, its plays, its melds, its pass on the šíbr. When too few are kept (within ``BATCHES``
    dealings of ``n`` or by the deadline), the likeliest of the rest fill in."""
    answers = opponent_answers(view, knowledge.opponent)
    turns = past_plays(view, knowledge)
    passed = passed_on_exchange(view, knowledge.opponent)
    if not answers and not knowledge.opp_played and not passed:
        return sample_from(knowledge, n, rng, deadline=deadline)
    kept: list[World] = []
    rest: list[tuple[float, int, World]] = []
    for _ in range(BATCHES):
        batch = sample_from(knowledge, n, rng, deadline=deadline)
        for world in batch:
            chance = answer_chance(answers, bidding_hand(view, knowledge, world, rng)) if answers else 1.0
            if knowledge.opp_played and chance > 0.0:
                chance *= meld_chance(knowledge, world) * play_chance(view, knowledge, world, turns)
            if passed and chance > 0.0:
                chance *= exchange_chance(view, knowledge, world)
            if rng.random() < chance:
                kept.append(world)
            else:
                rest.append((chance, len(rest), world))
        if not batch or len(kept) >= n or (deadline is not None and time.perf_counter() > deadline):
            break
    rest.sort(reverse=True)
    return (kept + [world for _, _, world in rest])[:n]


__all__ = ["opponent_answers", "take_chance", "answer_chance", "likely_worlds", "past_plays", "rule_card",
           "play_chance", "meld_chance", "passed_on_exchange", "exchange_chance", "PastPlay", "SOFTNESS", "OFF_RULE"]
