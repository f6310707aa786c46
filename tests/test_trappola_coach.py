"""The coach at a Trappola table: hints and reviews from the learner's views, valued by the sampling bot and taught
by the teaching rules."""
from __future__ import annotations

from trappola_helpers import trappola

from bulka_teach.bots import match_bench
from bulka_teach.bots.coach import Coach, teacher_of
from bulka_teach.bots.match_bench import play_deal, run_match
from bulka_teach.trappola.ai import RULES_BY_NAME, TEACHER, describe
from bulka_teach.trappola.stacking import stack_deck

# Ben (seat 1) challenges and leads; Ann (seat 0) deals. Ben holds three kings; Ann the ace and a seven of swords.
DECK = stack_deck(challenger=["Rs", "Rc", "Rd", "8s", "9s", "7c", "8c", "9c", "7d"],
                  dealer=["As", "7s", "Xs", "Xc", "Fc", "Cc", "Xd", "Fd", "Cd"])


def test_the_game_offers_its_teacher():
    assert teacher_of("trappola") is TEACHER
    assert TEACHER.lesson("keep-your-twos") == RULES_BY_NAME["keep-your-twos"].sentence


def test_review_flags_a_king_given_away_and_names_the_rule():
    game = trappola(DECK, ["declare Rs-Rc-Rd", "play Rs", "play 7s"])
    items = Coach(level="easy", seed=1).review(game.record(), seat=0)
    assert [item.index for item in items] == [2]  # Ann's one decision with a choice
    item = items[0]
    assert item.mistake and item.action == "play 7s" and item.best == "play As"
    assert item.rule == "take-points-cheaply" and "Rule of thumb “take points cheaply”" in item.sentence
    assert item.cost_points is not None and item.cost_points > 0


def test_hint_and_review_value_the_same_decision_alike():
    game = trappola(DECK, ["declare Rs-Rc-Rd", "play Rs"])
    coach = Coach(level="easy", seed=4)
    hint = coach.hint(game.view(0))
    assert hint.action == "play As" and hint.rule == "take-points-cheaply"
    assert set(hint.values) == set(game.view(0)["legal"])
    game.apply("play As")
    (item,) = coach.review(game.record(), seat=0)
    assert item.best == hint.action and not item.mistake and "good" in item.sentence


def test_describe_tells_the_trick_the_figura_heard_and_the_hand():
    game = trappola(DECK, ["declare Rs-Rc-Rd", "play Rs"])
    view = game.view(0)
    text = describe(view)
    assert text == ("Partie 1, trick 1, Rs led to you; your opponent declared three kings (re); your hand: "
                    + " ".join(view["deal"]["hand"]) + ".")
    assert "Rc" not in text  # the suits of a three-card set are not told


def test_the_match_bench_plays_trappola_and_counts_points(capsys):
    first, second = play_deal((3, ("rule", "rule"), "trappola"))
    assert first.first_won != second.first_won and first.margin == -second.margin != 0
    summary = run_match(("rule", "random"), deals=4, seed=1, jobs=1, game="trappola")
    assert summary.margin is not None and not summary.any_chips  # two players: points, no chips
    assert match_bench.main(deals=1, seed=1, jobs=1, timing_games=1, levels=("easy",), match_level="easy",
                            game="trappola") == 0
    out = capsys.readouterr().out
    assert "Trappola's Bulka" in out and "sampling:easy" in out and "mean points margin" in out
    assert "no chips changed hands" in out and "mean bank result" not in out
