"""The exact solver against plain minimax on real endgames, and its best card against the engine.

The reference below shares no code with the solver: it plays cards as lists, with the engine's
tables, and scores each complete line the way the engine scores a deal (card points, last trick,
melds, bela in both modes). Every legal card's value is compared, not only the best.
"""
from __future__ import annotations

import random

import pytest

from bulka_teach import Record
from bulka_teach.czech.ai.solver import declarer_wins, final_margin, position_from_deal, solve
from bulka_teach.czech.deal import PLAY
from bulka_teach.czech.rules import BELA, LAST_TRICK, PACK, POINTS_WITH_TRUMP, STRENGTH_WITH_TRUMP

RULES = [{}, {"must_beat": True}, {"bela_mode": "capture"}, {"must_beat": True, "bela_mode": "capture"},
         {"meld_scope": "best_only"}]


def endgame(seed: int, rules: dict, tricks_left: int):
    """A two-player game played with random legal actions until at most ``tricks_left`` tricks remain."""
    rng = random.Random(seed)
    game = Record(game="czech-bulka", players=("Ann", "Ben"), rules=rules, seed=seed).start()
    while True:
        deal = game.deal
        if deal is None or game.over:
            return None
        if deal.phase == PLAY and 9 - len(deal.tricks) <= tricks_left and rng.random() < 0.7:
            return game
        if deal.phase == PLAY and len(deal.tricks) == 8 and deal.trick:
            return game
        game.apply(rng.choice(game.legal_actions()))
        if game.deal is not deal:  # the deal ended (fold, redeal): start over with the next seed
            return None


def reference(deal) -> dict[str, int]:
    """Plain minimax: for each legal card, the mover's final points minus the opponent's, perfect play after."""
    trump, rules = deal.trump, deal.rules
    mover = deal.to_move
    hands = {s: list(deal.hands[s]) for s in deal.seats}
    history = [(list(t), w) for t, w in deal.tricks]

    def legal(seat, trick):
        hand = hands[seat]
        if not trick:
            return list(hand)
        led = trick[0][1]
        same = [c for c in hand if c.suit == led.suit]
        if same:
            if rules.must_beat:
                strength = STRENGTH_WITH_TRUMP[trump]
                higher = [c for c in same if strength[c.index] > strength[led.index]]
                if higher:
                    return higher
            return same
        trumps = [c for c in hand if c.suit == trump]
        return trumps or list(hand)

    def score(tricks) -> int:
        totals = {s: 0 for s in deal.seats}
        won = {}
        for cards, winner in tricks:
            for _, card in cards:
                totals[winner] += POINTS_WITH_TRUMP[trump][card.index]
                won[card] = winner
        totals[tricks[-1][1]] += LAST_TRICK
        if deal.meld_winner is not None:
            totals[deal.meld_winner] += sum(m.points for m in deal.scored_melds)
        o, k = deal.trump_o, deal.trump_k
        bela = deal.bela_holder
        if bela is not None and rules.bela_mode == "capture":
            bela = won[o] if o in won and k in won and won[o] == won[k] else None
        if bela is not None:
            totals[bela] += BELA
            if o in won:
                totals[won[o]] -= 20
        other = deal.other(mover)
        return totals[mover] - totals[other]

    def play(seat, trick, tricks, card):
        hands[seat].remove(card)
        trick = trick + [(seat, card)]
        try:
            if len(trick) == 1:
                return best(deal.other(seat), trick, tricks)
            (s0, c0), (s1, c1) = trick
            strength = STRENGTH_WITH_TRUMP[trump]
            beats = (c1.suit == c0.suit or c1.suit == trump) and strength[c1.index] > strength[c0.index]
            winner = s1 if beats else s0
            tricks = tricks + [(trick, winner)]
            if len(tricks) == 9:
                return score(tricks)
            return best(winner, [], tricks)
        finally:
            hands[seat].append(card)

    def best(seat, trick, tricks):
        values = [play(seat, trick, tricks, c) for c in legal(seat, trick)]
        return max(values) if seat == mover else min(values)

    trick = list(deal.trick)
    return {c.code: play(mover, trick, history, c) for c in legal(mover, trick)}


CASES = [(seed, RULES[seed % len(RULES)], 1 + seed % 4) for seed in range(1, 400)]


def test_solver_agrees_with_plain_minimax_on_every_legal_card():
    checked = 0
    for seed, rules, k in CASES:
        game = endgame(seed, rules, k)
        if game is None:
            continue
        deal = game.deal
        position = position_from_deal(deal)
        solution = solve(position)
        expected = reference(deal)
        got = {card: final_margin(position, value) for card, value in solution.values.items()}
        assert got == expected, f"seed {seed}, rules {rules}, {9 - len(deal.tricks)} tricks left"
        assert f"play {solution.best}" in game.legal_actions()
        checked += 1
        if checked == 60:
            break
    assert checked == 60


@pytest.mark.parametrize("rules", RULES[:3])
def test_best_play_through_the_engine_scores_what_the_solver_said(rules):
    """Both seats play the solver's best card to the end: the engine's final score has the predicted margin."""
    for seed in range(20, 40):
        game = endgame(seed, rules, 9)
        if game is None or game.deal.tricks or game.deal.trick:
            continue
        deal = game.deal
        while any(a.startswith("declare") for a in game.legal_actions()):  # declare every meld, highest first
            game.apply(next(a for a in game.legal_actions() if a.startswith("declare")))
        position = position_from_deal(deal)
        solution = solve(position)
        predicted = final_margin(position, solution.values[solution.best])
        mover, other = position.seats
        while not game.over and game.deal is deal:
            legal = game.legal_actions()
            if any(a.startswith("declare") for a in legal):
                game.apply(next(a for a in legal if a.startswith("declare")))
                continue
            game.apply(f"play {solve(position_from_deal(deal)).best}")
        points = deal.outcome.points
        assert points[mover] - points[other] == predicted
        assert (deal.outcome.kind == "declarer-won") == declarer_wins(position, solution.values[solution.best])
        return
    pytest.fail("no deal reached the first lead")


def test_refuses_a_finished_or_empty_position():
    game = endgame(3, {}, 9)
    assert game is not None
    position = position_from_deal(game.deal)
    with pytest.raises(ValueError, match="holds no card"):
        solve(type(position)(trump=0, hands=(0, 0)))
    assert set(solve(position).values) == {a.split()[1] for a in game.legal_actions() if a.startswith("play")}


def test_equivalent_cards_share_a_value_and_differing_points_are_kept_apart():
    """7 and 8 of a plain suit with nothing between them are one card to the solver; X and K are not."""
    from bulka_teach.czech.ai.solver import Position

    mask = sum(1 << PACK.card(c).index for c in ("7l", "8l", "Xl", "Kl"))
    opponent = sum(1 << PACK.card(c).index for c in ("Al", "9a", "Aa", "Ka"))
    solution = solve(Position(trump=0, hands=(mask, opponent)))
    assert solution.values["7l"] == solution.values["8l"]
    assert set(solution.values) == {"7l", "8l", "Xl", "Kl"}
    assert solution.values["Xl"] == -50  # the opponent's Al takes it, then every acorn: all 40 points and the last 10


def test_bench_prints_the_figures(capsys):
    from bulka_teach.czech.ai.solver_bench import main

    assert main(deals=3, seed=5) == 0
    out = capsys.readouterr().out
    assert "median" in out and "p95" in out and "nodes searched" in out and "Python 3." in out


def test_best_value_and_the_yes_or_no_search_agree_with_the_full_solution():
    from bulka_teach.czech.ai.solver import best_value, declarer_makes_it
    from bulka_teach.czech.ai.solver_bench import first_lead

    for seed in range(1, 9):
        position = first_lead(seed)
        values = solve(position).values
        best = max(values.values())
        assert best_value(position) == best
        assert declarer_makes_it(position) == declarer_wins(position, best)


def test_capture_mode_bela_at_stake_agrees_with_plain_minimax():
    """bela_mode=capture with trump O and K still to be won: the 40 goes to whoever wins both."""
    from bulka_teach.czech.ai.solver import BELA_NONE

    checked = 0
    for seed in range(1000, 3000):
        game = endgame(seed, {"bela_mode": "capture"}, 1 + seed % 4)
        if game is None:
            continue
        position = position_from_deal(game.deal)
        if position.bela == BELA_NONE:
            continue
        solution = solve(position)
        assert {c: final_margin(position, v) for c, v in solution.values.items()} == reference(game.deal), seed
        checked += 1
        if checked == 15:
            return
    pytest.fail(f"only {checked} capture positions with bela at stake were found")


def test_solver_agrees_with_plain_minimax_on_six_trick_endgames():
    """Deeper than the test above: the transposition table's bounds, the null-window passes of MTD(f) and the
    answers searched inside ``lead`` all come into play from four cards each, and here from six."""
    checked = 0
    for seed in range(1, 400):
        rules = RULES[seed % len(RULES)]
        game = endgame(seed, rules, 6)
        if game is None or 9 - len(game.deal.tricks) < 6:
            continue
        position = position_from_deal(game.deal)
        got = {card: final_margin(position, value) for card, value in solve(position).values.items()}
        assert got == reference(game.deal), f"seed {seed}, rules {rules}"
        checked += 1
        if checked == 20:
            return
    pytest.fail(f"only {checked} six-trick endgames were found")


def test_each_first_card_of_a_full_deal_is_worth_what_the_opponent_s_best_answer_leaves():
    """Every legal card of a full 9-trick position, valued by MTD(f), equals the value found with the opposite
    seat to move after that card: its best answer, by full-window searches (``solve`` of a trick on the table)."""
    import dataclasses

    from bulka_teach.czech.ai.solver import BELA_NONE, Position
    from bulka_teach.czech.ai.solver_bench import first_lead

    for seed in range(1, 9):
        position = first_lead(seed)
        if seed % 2:
            position = dataclasses.replace(position, must_beat=True)
        assert position.bela == BELA_NONE  # the bench's deals score bela with its holder
        mine, theirs = position.hands
        for code, value in solve(position).values.items():
            card = PACK.card(code).index
            after = Position(trump=position.trump, hands=(theirs, mine ^ (1 << card)), led=card,
                             must_beat=position.must_beat, scored=position.scored[::-1],
                             declarer=1 - position.declarer, seats=position.seats[::-1],
                             o_points=position.o_points)
            assert -max(solve(after).values.values()) == value, f"seed {seed}, card {code}"
