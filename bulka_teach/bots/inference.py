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
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from ..czech.rules import PACK, SUITS
from .sampler import Knowledge, World, held_at_checks, sample_from
from .teaching import TAKE_THRESHOLD, trump_strength

SOFTNESS = 0.75  # strength units over which the chance to take rises from 27% to 73% (players differ)
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


def likely_worlds(view: dict[str, Any], knowledge: Knowledge, n: int, rng: random.Random,
                  deadline: float | None = None) -> list[World]:
    """Up to ``n`` worlds consistent with the view, each kept with the chance of the opponent's answers in it.
    When too few are kept (within ``BATCHES`` dealings of ``n`` or by the deadline), the likeliest of the rest
    fill in."""
    answers = opponent_answers(view, knowledge.opponent)
    if not answers:
        return sample_from(knowledge, n, rng, deadline=deadline)
    kept: list[World] = []
    rest: list[tuple[float, int, World]] = []
    for _ in range(BATCHES):
        batch = sample_from(knowledge, n, rng, deadline=deadline)
        for world in batch:
            chance = answer_chance(answers, bidding_hand(view, knowledge, world, rng))
            if rng.random() < chance:
                kept.append(world)
            else:
                rest.append((chance, len(rest), world))
        if not batch or len(kept) >= n or (deadline is not None and time.perf_counter() > deadline):
            break
    rest.sort(reverse=True)
    return (kept + [world for _, _, world in rest])[:n]


__all__ = ["opponent_answers", "take_chance", "answer_chance", "likely_worlds", "SOFTNESS"]
