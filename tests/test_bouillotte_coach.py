"""Bouillotte's coach and bench: a hint tells the action's average in jetons, its chance to take the pot and the
pot odds; a review costs each decision in jetons against the best; the game offers its bots through its spec;
the bench prints decision times and duplicate-match figures."""
from __future__ import annotations

from bulka_teach import Record
from bulka_teach.bots.coach import Coach
from bulka_teach.bouillotte.ai import AI, OPPONENTS, RuleBot, SamplingBot, describe, opponent_bot
from bulka_teach.bouillotte.ai.bench import main, play_hand, play_rotated, players_of, run_match
from bulka_teach.bouillotte.rules import BouillotteRules, pack_for
from bulka_teach.bouillotte.stacking import stack_deck
from bulka_teach.registry import game_spec

NAMES = ("Ann", "Ben", "Cleo", "Dan")
# Ben (seat 1) holds a brelan carré of kings under the retourne Ks; Cleo opens 3, Dan and Ann (the dealer, his
# jeton staked) hold: a pot of 9
HANDS = [["8c", "Xd", "Qh"], ["Kc", "Kd", "Kh"], ["Ac", "Xs", "8s"], ["Ad", "Qd", "8h"]]
BEFORE = ("pass", "pass", "open 3", "hold", "hold")


def record(actions: tuple[str, ...]) -> Record:
    deck = tuple(stack_deck(pack_for(4, BouillotteRules()), HANDS, 0, "Ks"))
    return Record(game="bouillotte", players=NAMES, dealer=0, decks=(deck,), actions=actions)


def coach() -> Coach:
    return Coach(level="easy", seed=3)


def test_a_hint_tells_the_average_the_chance_to_take_the_pot_and_the_pot_odds():
    view = record(BEFORE).replay().view(1)
    hint = coach().hint(view)
    assert hint.action in view["legal"] and hint.action != "fold"
    assert "on average and took the pot in" in hint.why and "%" not in hint.why
    assert ("Holding costs 3 jetons to win a pot of 9: it pays if you take the pot more than 1 time in 4 (these are "
            "the pot odds, 9 to 3: lesson 6).") in hint.why
    assert hint.values["fold"].chips is not None and hint.values[hint.action].chips > hint.values["fold"].chips


def test_a_review_costs_a_fold_of_a_brelan_carre_in_jetons_and_names_the_rule():
    items = coach().review(record((*BEFORE, "fold")), seat=1)
    fold = items[-1]
    assert fold.action == "fold" and fold.mistake
    assert fold.cost_chips is not None and fold.cost_chips > 1
    assert fold.rule == "raise-a-brelan"
    assert "jetons on average" in fold.sentence and "(lesson 3)" in fold.sentence, fold.sentence
    assert "bulka" not in fold.sentence  # Bouillotte's words, not Czech Bulka's


def test_the_coach_names_actions_in_a_learners_words_with_their_amounts():
    """A sentence says "raise to 12" and "go all in (tapis)", never the action strings "raise 12" or "tapis"."""
    items = coach().review(record((*BEFORE, "fold")), seat=1)
    fold = items[-1]
    named = {"hold": "than hold", "tapis": "than go all in (tapis)"}.get(fold.best, f"than raise to {fold.best[6:]}")
    assert named in fold.sentence, fold.sentence
    hint = coach().hint(record(BEFORE).replay().view(1))
    verb, _, amount = hint.action.partition(" ")
    words = {"raise": f"raise to {amount} ", "tapis": "go all in (tapis) ", "hold": "hold "}[verb]
    assert words in hint.why and hint.action + " " not in hint.why.replace(words, ""), hint.why


def test_hint_and_review_value_the_same_decision_alike():
    game = record(BEFORE).replay()
    hinted = coach().hint(game.view(1)).action
    reviewed = coach().review(record((*BEFORE, hinted)), seat=1)[-1]
    assert reviewed.best == hinted and not reviewed.mistake


def test_describe_names_the_phase_the_hand_and_the_stakes():
    text = describe(record(BEFORE).replay().view(1))
    assert text.startswith("Deal 1, the betting; you hold Kc Kd Kh, the retourne is Ks; the pot holds 9 jetons")


def test_the_spec_offers_the_bots_and_the_coach():
    ai = game_spec("bouillotte").ai
    assert ai is AI and ai.default == "rule" and set(OPPONENTS) == {"rule", "easy", "medium", "strong"}
    assert isinstance(opponent_bot("rule", 1), RuleBot) and isinstance(opponent_bot("strong", 1), SamplingBot)
    assert opponent_bot("strong", 1).time_cap is None  # deterministic for a deal code
    assert isinstance(ai.arena.bot("sampling:easy:4", 1), SamplingBot) and ai.arena.bot("nobody", 1) is None


def test_identical_bots_share_a_hand_evenly():
    for seed in range(6):
        # with the same bot everywhere, the rotated mean is what the table gained, shared: 0, or the dead money
        # a thrown-in hand left in the middle
        assert -1 <= play_rotated((seed, ("rule", "rule"))) <= 0
    assert {players_of(s) for s in range(3)} == {3, 4, 5}


def test_a_hand_is_played_with_the_bot_in_the_seat_asked():
    results = [play_hand(4, ("rule", "random"), seat) for seat in range(players_of(4))]
    assert len(results) == 4 and all(isinstance(r, int) for r in results)
    summary = run_match(("rule", "random"), 6, 1, jobs=1)
    assert summary.hands == 6 and summary.chips.half_width > 0


def test_main_prints_times_and_match_figures(capsys):
    assert main(hands=2, seed=1, jobs=1, timing_sessions=1, levels=("easy",),
                matches=(("sampling:easy:2", "rule"),)) == 0
    out = capsys.readouterr().out
    assert "sampling:easy" in out and "mean" in out and "jetons a hand (95% CI" in out
