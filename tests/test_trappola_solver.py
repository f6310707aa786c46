"""Trappola's exact solver against brute force on small endings, with the trick bonuses as the engine counts them."""
from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from bulka_teach import Record
from bulka_teach.trappola.ai.solver import Position, Solver, final_margin, mask, position_from_partie, run_of, solve
from bulka_teach.trappola.bonuses import trick_bonuses
from bulka_teach.trappola.rules import PACK, TRICK_RULES, TRICKS, TrappolaRules, is_two

RULE_SETS = [TrappolaRules(), TrappolaRules(bonus_marc=0, last_trick=10, bonus_two=15, bonus_last_two=40)]


def _brute(rules: TrappolaRules, hands: dict[int, list], to_move: int, trick: list, history: list) -> dict[str, int]:
    """Every legal card's margin for ``to_move`` (0 or 1) by plain minimax over every play, each ending scored as
    the engine scores a Partie (``trick_bonuses`` over the whole history of tricks, card points, the last trick)."""
    pts = rules.card_points()

    def totals(hist: list, won: list[int]) -> list[int]:
        out = list(won)
        for bonus in trick_bonuses(hist, rules):
            out[bonus.seat] += bonus.points
        if len(hist) == TRICKS and not hist[-1][1]:
            out[hist[-1][0]] += rules.last_trick
        return out

    def value(hands, mover, trick, hist, won) -> int:
        """Final margin (mover − other) from here with perfect play: a negamax over every legal card."""
        if len(hist) == TRICKS:
            t = totals(hist, won)
            return t[mover] - t[1 - mover]
        legal = TRICK_RULES.follow(hands[mover], trick[0][1] if trick else None, None)[0]
        best = None
        for card in legal:
            rest = {**hands, mover: [c for c in hands[mover] if c is not card]}
            if not trick:
                v = -value(rest, 1 - mover, [(mover, card)], hist, won)
            else:
                winner = TRICK_RULES.winner([trick[0], (mover, card)], None)
                led_seat, led = trick[0]
                new_won = list(won)
                new_won[winner] += pts[led.index] + pts[card.index]
                new_hist = [*hist, (winner, winner == led_seat and is_two(led))]
                v = value(rest, winner, [], new_hist, new_won)
                v = v if winner == mover else -v
            best = v if best is None or v > best else best
        assert best is not None
        return best

    base = totals(history, [0, 0])
    out = {}
    legal = TRICK_RULES.follow(hands[to_move], trick[0][1] if trick else None, None)[0]
    for card in legal:
        rest = {**hands, to_move: [c for c in hands[to_move] if c is not card]}
        if not trick:
            v = -value(rest, 1 - to_move, [(to_move, card)], history, [0, 0])
        else:
            winner = TRICK_RULES.winner([trick[0], (to_move, card)], None)
            led_seat, led = trick[0]
            won = [0, 0]
            won[winner] += pts[led.index] + pts[card.index]
            hist = [*history, (winner, winner == led_seat and is_two(led))]
            v = value(rest, winner, [], hist, won)
            v = v if winner == to_move else -v
        out[card.code] = v - (base[to_move] - base[1 - to_move])  # the margin from here on
    return out


def _ending(rng: random.Random, left: int, following: bool):
    """A random ending: ``left`` cards for the mover, a history of 9 - left tricks with Two-won tricks often."""
    cards = list(PACK.cards)
    rng.shuffle(cards)
    twos = [c for c in cards if is_two(c)]
    others = [c for c in cards if not is_two(c)]
    pool = twos[:rng.randint(0, 4)] + others  # endings rich in Twos
    rng.shuffle(pool)
    mover_cards = pool[:left]
    opp_cards = pool[left:2 * left - (1 if following else 0)]
    trick = []
    if following:
        led = pool[2 * left]
        trick = [(1, led)]
        opp_cards = opp_cards  # the opponent (seat 1) led: it holds one card fewer
    history = []
    for _ in range(TRICKS - left):
        winner = rng.randint(0, 1)
        history.append((winner, rng.random() < 0.4))
    return {0: mover_cards, 1: opp_cards}, trick, history


@pytest.mark.parametrize("rules", RULE_SETS, ids=["std", "other-values"])
@pytest.mark.parametrize("following", [False, True], ids=["lead", "follow"])
def test_the_solver_equals_brute_force_on_small_endings(rules, following):
    rng = random.Random(7)
    for _ in range(60):
        left = rng.randint(1, 4)
        hands, trick, history = _ending(rng, left, following)
        leader = trick[0][0] if trick else 0
        if history and history[-1][0] != leader:  # the leader of a trick won the one before it
            history[-1] = (leader, history[-1][1])
        position = Position(hands=(mask(hands[0]), mask(hands[1])), led=trick[0][1].index if trick else -1,
                            run=run_of(history, leader))
        assert solve(position, rules).values == _brute(rules, hands, 0, trick, history), (hands, trick, history)


def test_a_full_partie_solved_at_the_first_lead_is_its_perfect_play_score():
    """Solving at every move and playing the best card: each later solve agrees with the first (perfect play keeps
    its value), and the final scores of the engine give the margin predicted at the start."""
    rules = TrappolaRules()
    for seed in range(3):
        game = Record(game="trappola", players=("Ann", "Ben"), seed=seed).start()
        partie = game.deal
        first = position_from_partie(partie)
        solution = solve(first, rules)
        predicted = final_margin(first, solution.values[solution.best])
        solver = Solver(rules)
        while partie.phase == "play":
            position = position_from_partie(partie)
            best = solve(position, rules, solver)
            assert final_margin(position, best.values[best.best]) == (predicted if partie.to_move == first.seats[0]
                                                                       else -predicted)
            game.apply(f"play {best.best}")
        scores = partie.scores()
        assert scores[first.seats[0]] - scores[first.seats[1]] == predicted


def test_equivalent_cards_share_their_value_and_a_two_is_never_merged():
    hands = (mask(PACK.cards_of(["7s", "8s", "9s", "2s", "Ab"])), mask(PACK.cards_of(["Xc", "Fc", "Cc", "Rc", "Ac"])))
    values = solve(Position(hands=hands)).values
    assert values["7s"] == values["8s"] == values["9s"]
    assert set(values) == {"7s", "8s", "9s", "2s", "Ab"}
    assert values["2s"] != values["7s"]  # the Two is not a seven: led while the opponent holds no sword, it wins


def test_the_solver_benchmark_prints_its_median():
    out = subprocess.run([sys.executable, "-m", "bulka_teach", "bench", "solver", "--game", "trappola", "--deals", "3"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert re.search(r"Trappola exact solver, full 9-trick positions .* 3 deals", out)
    assert re.search(r"time per position: median [\d.]+ ms", out)
