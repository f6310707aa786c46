"""Possible worlds never contradict what a seat knows, and the real deal is always one of them.

Hypothesis plays random prefixes of real games (random seeds, house rules and legal choices) and
checks every world drawn for a seat against the engine's own facts, independently of the sampler's
predicate; the sampler's predicate must also accept the true cards (so its constraints never exclude
the real deal).
"""
from __future__ import annotations

import random
from collections import Counter

from conftest import czech
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bulka_teach import Record
from bulka_teach.czech.ai.inference import likely_worlds
from bulka_teach.czech.ai.sampler import World, contradiction, read_view, sample_worlds
from bulka_teach.czech.ai.solver import position_from_deal, position_from_world
from bulka_teach.czech.deal import PLAY, TRUMP
from bulka_teach.czech.melds import find_melds
from bulka_teach.czech.rules import PACK

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = st.fixed_dictionaries({}, optional={"must_beat": st.booleans(), "bela_mode": st.sampled_from(["holder",
                                                                                                  "capture"]),
                                            "exchange_chain": st.sampled_from(["trumps", "none"])})


def true_world(deal) -> World:
    codes = lambda cards: tuple(c.code for c in cards)  # noqa: E731
    return World(hands={s: codes(deal.hands[s]) for s in deal.seats},
                 discards={s: codes(deal.discards[s]) for s in deal.seats},
                 stock=codes(deal.stock),
                 dokup={s: codes(deal.dokup[s]) for s in deal.seats} if deal.trump is None else {})


def prefix(seed: int, rules: dict, steps: int, chooser: int):
    """A game after up to ``steps`` random legal actions, stopped inside a deal (never at its end)."""
    rng = random.Random(chooser)
    game = Record(game="czech-bulka", players=("Ann", "Ben"), rules=rules, seed=seed).start()
    for _ in range(steps):
        deal = game.deal
        action = rng.choice(game.legal_actions())
        before = len(game.deals)
        game.apply(action)
        if game.deal is not deal or len(game.deals) != before:  # the deal ended: replay up to just before it
            game = Record(game="czech-bulka", players=("Ann", "Ben"), rules=rules, seed=seed,
                          actions=tuple(game.actions[:-1])).replay()
            break
    return game


def check_world(deal, viewer: int, world: World) -> None:
    """The world against the engine's facts: every card once, each place its real size, voids, melds."""
    opp = deal.other(viewer)
    public = [c.code for t, _ in deal.tricks for _, c in t] + [c.code for _, c in deal.trick]
    public += [c.code for c in deal.out_of_play]
    if deal.first_candidate is not None:
        public.append(deal.first_candidate.code)
    placed = [c for s in deal.seats for c in world.hands[s] + world.discards[s]] + list(world.stock)
    placed += [c for cards in world.dokup.values() for c in cards]
    counts = Counter(placed + public)
    assert sorted(counts) == sorted(c.code for c in PACK.cards) and set(counts.values()) == {1}
    assert sorted(world.hands[viewer]) == sorted(c.code for c in deal.hands[viewer])
    assert sorted(world.discards[viewer]) == sorted(c.code for c in deal.discards[viewer])
    assert len(world.hands[opp]) == len(deal.hands[opp]) and len(world.discards[opp]) == len(deal.discards[opp])
    assert len(world.stock) == len(deal.stock) and (not deal.stock or world.stock[-1] == deal.stock[-1].code)
    assert {len(d) for d in world.dokup.values()} <= {3} and bool(world.dokup) == (deal.trump is None)
    assert not any(PACK.card(c).suit in deal.voids[opp] for c in world.hands[opp])
    shown = {c.code for m in deal.melds[opp].declared for c in m.cards} if deal.melds[opp].suit_known else set()
    public_now = set(public)
    assert all(c in world.hands[opp] or c in public_now for c in shown)
    for taken in deal.taken[opp]:
        assert taken.code in world.hands[opp] + world.discards[opp] or taken.code in public_now


@SETTINGS
@given(seed=st.integers(0, 2**32), rules=RULES, steps=st.integers(0, 40), chooser=st.integers(0, 1000))
def test_every_world_fits_the_view_and_the_real_deal_is_possible(seed, rules, steps, chooser):
    game = prefix(seed, rules, steps, chooser)
    deal = game.deal
    for viewer in deal.seats:
        view = game.view(viewer)
        knowledge = read_view(view)
        truth = true_world(deal)
        assert contradiction(knowledge, truth) is None
        # the plain worlds, and those kept by the chance of the opponent's trump answers (inference.py)
        for worlds in (sample_worlds(view, 6, random.Random(seed)),
                       likely_worlds(view, knowledge, 6, random.Random(seed))):
            assert len(worlds) == 6
            for world in worlds:
                check_world(deal, viewer, world)
        if deal.phase == PLAY:
            assert position_from_world(view, truth) == position_from_deal(deal)


def test_a_declared_twenty_of_unknown_suit_is_in_every_world(deck):
    """Ben declares a twenty and leads: Ann knows only that he holds a twenty, and every world gives him one."""
    stacked = deck(forehand=["Xb", "Ub", "Ob", "8h", "9l", "Kl"], dealer=["Ah", "Al", "Aa", "Ka", "7a", "7b"],
                   first="Kh", stock_top=["Xa"])
    game = czech(stacked, ["take"])
    while game.deal.phase != PLAY:  # nobody exchanges
        game.apply("pass")
    game.apply("declare Xb-Ub-Ob")
    game.apply("play Kl")
    deal = game.deal
    assert deal.phase == PLAY and deal.to_move == 0
    view = game.view(0)
    assert "meld" not in view["deal"]["melds"]["1"][0]
    for world in sample_worlds(view, 30, random.Random(1)):
        melds = find_melds(PACK.cards_of(world.hands[1] + ("Kl",)))
        assert any(m.kind == 1 for m in melds)


def test_the_sampler_refuses_a_spectators_view():
    game = prefix(5, {}, 3, 1)
    try:
        sample_worlds(game.view(None), 3, random.Random(0))
    except ValueError as err:
        assert "seat playing this deal" in str(err)
    else:
        raise AssertionError("a spectator's view has no hidden cards of its own to sample for")


def test_before_trumps_the_dokups_are_sampled_too():
    game = prefix(11, {}, 0, 0)
    assert game.deal.phase == TRUMP
    world = sample_worlds(game.view(game.to_move), 1, random.Random(2))[0]
    assert {len(d) for d in world.dokup.values()} == {3} and len(world.hands[1 - game.to_move]) == 6
