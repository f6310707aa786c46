"""``bench bots``: duplicate matches at tiny sizes, the statistics, and the printed report."""
from __future__ import annotations

import math

import pytest

from bulka_teach.bots import match_bench
from bulka_teach.bots.match_bench import estimate, make_bot, play_deal, run_match


def test_identical_bots_split_every_duplicate_deal():
    # the same bot on both sides of the same cards: whichever seat wins, each bot wins it once
    for seed in range(1, 6):
        first, second = play_deal((seed, ("rule", "rule")))
        assert first.first_won != second.first_won
        assert first.chips == tuple(reversed(second.chips))


def test_match_counts_games_and_chips():
    summary = run_match(("rule", "random"), deals=6, seed=1, jobs=1)
    assert summary.deals == 6
    assert 0 <= summary.win_rate.mean <= 1
    # chips after the ante: a game's loser pays the stake (10) or nothing, the winner nothing
    assert all(-10 <= c.mean <= 0 for c in summary.chips) and summary.any_chips


def test_workers_give_the_same_figures_as_one_process():
    one = run_match(("rule", "random"), deals=4, seed=3, jobs=1)
    two = run_match(("rule", "random"), deals=4, seed=3, jobs=2)
    assert one.win_rate == two.win_rate and one.chips == two.chips


def test_progress_tells_the_win_rate_so_far_every_tenth_of_the_deals():
    calls = []
    summary = run_match(("rule", "random"), deals=10, seed=1, jobs=1, progress=lambda *a: calls.append(a))
    assert [done for done, total, _, _ in calls] == list(range(1, 11))
    assert calls[-1][3] == summary.win_rate.mean


def test_estimate_is_the_mean_with_a_normal_interval():
    e = estimate([0.0, 1.0, 0.5, 0.5])
    assert e.mean == 0.5
    assert e.half_width == pytest.approx(1.96 * math.sqrt(1 / 6) / 2)
    assert estimate([1.0]).half_width == math.inf


def test_unknown_bot_names_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="use random, rule or sampling"):
        make_bot("clever", 1)


def test_main_prints_times_levels_and_match_figures(capsys):
    assert match_bench.main(deals=2, seed=1, jobs=1, timing_games=1, levels=(), match_level="easy") == 0
    out = capsys.readouterr().out
    assert "Decision time over" in out and "rule " in out
    assert "Duplicate match rule vs random: 2 deals" in out
    assert "win rate" in out and "mean bank result" in out and "95% CI" in out


def test_main_refuses_zero_deals(capsys):
    assert match_bench.main(deals=0) == 2
    assert "--deals must be 1 or more" in capsys.readouterr().out


def test_sampling_bot_match_smoke(capsys):
    assert match_bench.main(deals=1, seed=2, jobs=1, timing_games=1, levels=("easy",), match_level="easy") == 0
    out = capsys.readouterr().out
    assert "sampling:easy" in out and "Sampling level for the match: easy (estimated" in out
    assert "Duplicate match sampling:easy vs rule: 1 deal," in out and "(goal: at least 0.600)" in out


def test_sampling_names_choose_the_level_and_its_worlds():
    bot = make_bot("sampling:medium:8", 1)
    assert (bot.level, bot.worlds) == ("medium", 8)
    assert make_bot("sampling:easy", 1).level == "easy"
