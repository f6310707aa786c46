"""Trappola's sampler and sampling bot: every world agrees with what the seat was told, the bot chooses legal actions
at every level and decision, and the same seed gives the same game."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trappola_helpers import trappola

from bulka_teach import Record
from bulka_teach.bots import RandomBot
from bulka_teach.trappola.ai import AI, RuleBot, SamplingBot
from bulka_teach.trappola.ai.sampler import consistent, draw, read_view
from bulka_teach.trappola.stacking import stack_deck

PLAYERS = ("Ann", "Ben", "Cleo", "Dan")
house_rules = st.fixed_dictionaries({}, optional={"stock_exchange": st.booleans(), "figura_blans": st.integers(0, 30),
                                                  "renonc_mode": st.booleans()})


def _views_with_truth(players: int, seed: int, rules: dict, partien: int = 3):
    """Every play-phase view of a seat to move in games of noisy rule bots (they declare, ask Manko, discard),
    with the opponent's true hand at that moment."""
    game = Record(game="trappola", players=PLAYERS[:players], rules=rules, seed=seed).start()
    bots = [RuleBot(seed + s, noise=0.3) for s in range(players)]
    while game.to_move is not None and len(game.deals) <= partien:
        seat = game.to_move
        view = game.view(seat)
        partie = game.deal
        if view["deal"]["phase"] == "play":
            yield view, list(partie.hands[partie.other(seat)])
        game.apply(bots[seat].choose(view).action)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), rules=house_rules)
def test_worlds_are_consistent_with_the_view_and_the_truth_is_one_of_them(players, seed, rules):
    rng = random.Random(seed)
    for view, truth in _views_with_truth(players, seed, rules):
        knowledge = read_view(view)
        assert consistent(knowledge, truth), (view["deal"]["declarations"], truth)
        seen = {c for t in view["deal"]["tricks"] for c in t["cards"]} | {t["card"] for t in view["deal"]["trick"]}
        for _ in range(3):
            world = draw(knowledge, rng)
            assert consistent(knowledge, world)
            assert len(world) == len(truth) and not {c.code for c in world} & {c.code for c in knowledge.hand}
            assert not {c.code for c in world} & seen
            voids = set(view["deal"]["voids"][str(knowledge.opponent)])
            assert not any(c.code[1] in voids for c in world if c not in knowledge.known)


def test_a_told_three_and_a_manko_answer_place_the_cards():
    deck = stack_deck(challenger=["Rs", "Rc", "Rb", "7s", "8s", "9s", "7c", "8c", "9c"],
                      dealer=["Xs", "Fs", "Cs", "Xc", "Fc", "Cc", "Xd", "Fd", "7d"])
    game = trappola(deck, ["declare Rs-Rc-Rb", "play 7s"])
    told = read_view(game.view(0))  # Ann heard "three kings": exactly three of the four, none known yet
    assert told.known == set() and told.exact == {7: 3}
    assert all(sum(c.code[0] == "R" for c in draw(told, random.Random(i))) == 3 for i in range(20))
    game.apply("play Xs")  # Ann wins and leads her second card: she may ask Manko
    game.apply("manko")
    knowledge = read_view(game.view(0))
    assert {c.code for c in knowledge.known} == {"Rs", "Rc", "Rb"}  # the answer: no king of coins
    assert all({"Rs", "Rc", "Rb"} <= {c.code for c in draw(knowledge, random.Random(i))} for i in range(5))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bot_is_legal_at_every_level_and_decision(players):
    decisions = set()
    for seed, level in enumerate(("easy", "medium", "strong")):
        rules = {"stock_exchange": seed % 2 == 0}
        game = Record(game="trappola", players=PLAYERS[:players], rules=rules, seed=seed + 10 * players).start()
        bots = [SamplingBot(level, seed, worlds=4, time_cap=None) if s % 2 == 0 else RandomBot(s)  # no cap: the load
                for s in range(players)]  # of the machine must not change the bot's choices
        while game.to_move is not None and len(game.deals) <= 3:
            seat = game.to_move
            view = game.view(seat)
            choice = bots[seat].choose(view)
            assert choice.action in view["legal"], (choice, view["legal"])
            if isinstance(bots[seat], SamplingBot):
                assert choice.why.endswith(".")
                decisions.add(view["deal"]["phase"] if not choice.action.startswith(("declare", "manko"))
                              else choice.action.split()[0])
            game.apply(choice.action)
    assert {"play", "declare"} <= decisions and ("exchange" in decisions or players == 2)


def test_deterministic_for_a_seed_without_the_time_cap():
    def game_of(bot_seed: int) -> list[str]:
        game = Record(game="trappola", players=("Ann", "Ben"), seed=5).start()
        bots = [AI.opponent("easy", bot_seed), RuleBot(1)]
        while game.to_move is not None and len(game.deals) <= 1:
            game.apply(bots[game.to_move].choose(game.view(game.to_move)).action)
        return list(game.actions)

    assert game_of(3) == game_of(3)


def test_aces_are_held_back_and_declared_before_the_first_ace():
    deck = stack_deck(challenger=["As", "Ac", "Ad", "Fs", "7c", "8c", "9d", "7b", "8b"],
                      dealer=["Xs", "Fc", "Cc", "Xc", "Xd", "Fd", "Rd", "Cb", "Xb"])
    game = trappola(deck)
    bot = SamplingBot("medium", 1, time_cap=None)
    partie = game.deal
    first = bot.choose(game.view(1))
    assert first.action.startswith("play ") and first.action[5] != "A", first  # no ace led: the aces stay unsaid
    while partie.phase == "play" and not partie.aces_played[1]:
        seat = game.to_move
        choice = bot.choose(game.view(seat)) if seat == 1 else RuleBot().choose(game.view(seat))
        game.apply(choice.action)
    assert [d.figura.rank for d in partie.declared[1]] == ["A"]  # declared before its first ace was played
