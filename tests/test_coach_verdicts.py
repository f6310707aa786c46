"""One verdict per decision: the coach's Hint and its Review never contradict each other.

A learner who followed every Hint was told in the Review that hinted cards were mistakes, with the same numbers and
the opposite verdict (Czech Bulka ``CB2-std-3BN1ZJVK-N``, Trappola ``TR2-std-214S5ZD4-G``): the table seeded the
coach from the moment it was asked, so a hint and the review drew other worlds. Now the coach of a table is seeded
from the deal alone, each view's worlds from that seed and the view, and both verdicts come from one judgement
(``about_best``): differences within the worlds' luck are "about equal" for both.
"""
from __future__ import annotations

import random

import pytest

from bulka_teach.bots.coach import Hint, about_best, teacher_of
from bulka_teach.bots.sampling import Estimate, Evaluation
from bulka_teach.table import Practice

PLAYERS = {"czech-bulka": ("Player", "Computer"), "trappola": ("Player", "Computer"),  # as the practice pages seat them
           "bouillotte": ("Player", "Computer 1", "Computer 2")}
TAGS = {"czech-bulka": "CB2", "trappola": "TR2", "bouillotte": "BO3"}


def table(game: str, code: str) -> Practice:
    return Practice(game=game, players=PLAYERS[game], code=code, ask_to_declare=False)


def follow_the_hints(practice: Practice) -> dict[int, Hint]:
    """Play the deal on the table by the coach's hints alone; the hint at each decision, by action index."""
    hints = {}
    while practice._shown is None:
        view = practice.game.view(practice.seat)
        hint = practice._coach().hint(view)
        hints[len(practice.game.actions)] = hint
        practice.act(hint.action)
    return hints


@pytest.mark.parametrize("game, code", [("czech-bulka", "CB2-std-3BN1ZJVK-N"), ("trappola", "TR2-std-214S5ZD4-G"),
                                        ("bouillotte", "BO3-std-5")])
def test_a_learner_who_follows_every_hint_is_told_no_mistake(game: str, code: str):
    practice = table(game, code)
    hints = follow_the_hints(practice)
    practice.review()
    assert practice._review is not None
    items = practice._review.items
    assert items, "the deal had decisions with a choice"
    for item in items:
        hint = hints[item.index]
        assert item.action == hint.action
        assert not item.mistake, item.sentence
        assert item.best == hint.action  # the same worlds, the same utility: the same best
        values = hint.values
        if item.cost_points is not None:  # the same figures: a hinted best costs nothing against itself
            assert item.cost_points == pytest.approx(max(0.0, values[item.best].margin - values[item.action].margin))


def test_the_first_decision_on_trumps_gets_one_verdict_over_many_deals():
    """Czech Bulka, decision 1: the Hint said take, the Review said taking gave away a chance (pass-a-weak-hand)."""
    checked = 0
    for seed in range(1, 9):
        practice = table("czech-bulka", f"CB2-std-{seed}")
        view = practice.game.view(practice.seat)
        if practice.game.to_move != practice.seat or len(view["legal"]) < 2:
            continue
        hint = practice._coach().hint(view)
        before = len(practice.game.actions)
        practice.act(hint.action)
        while practice._shown is None:
            practice.act(practice.game.view(practice.seat)["legal"][0])
        practice.review()
        assert practice._review is not None
        (item,) = [i for i in practice._review.items if i.index == before]
        assert not item.mistake and item.rule is None, item.sentence
        checked += 1
    assert checked >= 3


def _random_decisions(game: str, seed: int) -> list[tuple[int, str]]:
    """The decisions a random learner made at a table of ``game`` (seeded), as (action index, action)."""
    practice = table(game, f"{TAGS[game]}-std-{seed}")
    rng = random.Random(seed)
    made = []
    while practice._shown is None:
        legal = practice.game.view(practice.seat)["legal"]
        action = rng.choice(legal)
        made.append((len(practice.game.actions), action))
        practice.act(action)
    return made


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_review_of_the_hinted_choice_is_best_or_about_equal_whatever_the_order(game: str):
    """Over random positions of every game: hint a decision, take the hint, finish the deal at random, review it;
    the hinted action is never a mistake, and a hint asked again after the review says the same."""
    checked = 0
    for seed in range(1, 7):
        rng = random.Random(seed * 31)
        made = _random_decisions(game, seed)
        choices = [index for index, _ in made]
        if not choices:
            continue
        stop = rng.choice(choices)
        practice = table(game, f"{TAGS[game]}-std-{seed}")
        for index, action in made:
            if index == stop:
                break
            practice.act(action)
        view = practice.game.view(practice.seat)
        if len(view["legal"]) < 2:
            continue
        hint = practice._coach().hint(view)
        practice.act(hint.action)
        while practice._shown is None:
            practice.act(rng.choice(practice.game.view(practice.seat)["legal"]))
        practice.review()
        assert practice._review is not None
        (item,) = [i for i in practice._review.items if i.index == stop]
        assert not item.mistake and item.best == hint.action, item.sentence
        again = table(game, f"{TAGS[game]}-std-{seed}")._coach().hint(view)  # asked after, on a fresh table
        assert (again.action, again.values) == (hint.action, hint.values)
        checked += 1
    assert checked >= 4


def test_a_difference_within_the_worlds_luck_is_about_equal():
    """Two cards that differ in a single world of 32 are about equal for the hint and the review alike; the same gap
    measured without luck (every world alike) is a real one."""
    teacher = teacher_of("trappola")
    rows = [{"play 7c": 0.0, "play 9c": 0.0}] * 31 + [{"play 7c": 1.0, "play 9c": 0.0}]  # won the game or not
    n = len(rows)
    total = {a: sum(r[a] for r in rows) for a in rows[0]}
    estimates = {a: Estimate(total[a] / n, 0.0, None) for a in total}
    replicates = [{a: (total[a] - r[a]) / (n - 1) for a in total} for r in rows]
    assert estimates["play 7c"].utility - estimates["play 9c"].utility > 0.01  # beyond the plain tolerance
    assert set(about_best(teacher, Evaluation(estimates, n, "play", replicates=replicates))) == {"play 7c", "play 9c"}
    steady = [{"play 7c": 1 / n, "play 9c": 0.0}] * n
    assert about_best(teacher, Evaluation(estimates, n, "play", replicates=steady)) == ["play 7c"]
