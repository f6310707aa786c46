"""The coach: hints and reviews from the learner's views only, with costs and the teaching rule broken."""
from __future__ import annotations

import pytest

from bulka_teach import Record
from bulka_teach.bots.coach import Coach
from bulka_teach.bots.sampling import Estimate, Evaluation
from bulka_teach.czech.ai.coaching import describe
from bulka_teach.czech.ai.sampling import SamplingBot
from bulka_teach.czech.ai.teaching import advice_of_rules
from bulka_teach.czech.rules import PACK, POINTS_WITH_TRUMP, STRENGTH_WITH_TRUMP, SUITS
from bulka_teach.czech.stacking import stack_deck

# Ben (seat 1, forehand) takes hearts and leads; Ann (seat 0, dealer) may exchange her 7h for the Uh, then follows.
PLAY = {"forehand": ["Xl", "Kl", "8h", "Ab", "Oa", "Ua"], "dealer": ["Al", "8l", "7h", "Oh", "Ka", "9b"],
        "first": "Uh", "forehand_dokup": ["7l", "7a", "Xh"], "dealer_dokup": ["Ob", "8b", "Kb"],
        "stock_top": ["7b"]}


def _record(actions: list[str], deck: dict | None = None) -> Record:
    return Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(tuple(stack_deck(**(deck or PLAY))),),
                  actions=tuple(actions))


class TrickEvaluator:
    """A test evaluator that reads the view alone: when following, winning the trick is worth its points.

    Everything else is valued alike. It keeps the views it was given, to check what the coach shows it.
    """

    def __init__(self) -> None:
        self.views: list[dict] = []

    def evaluate(self, view: dict) -> Evaluation:
        self.views.append(view)
        deal = view["deal"]
        values = {action: Estimate(0.5, 0.0, 0.0) for action in view["legal"]}
        if deal["phase"] == "play" and len(deal["trick"]) == 1:
            trump = SUITS.index(deal["trump"])
            led = PACK.card(deal["trick"][0]["card"])
            for action in view["legal"]:
                card = PACK.card(action.split()[1])
                worth = POINTS_WITH_TRUMP[trump][led.index] + POINTS_WITH_TRUMP[trump][card.index]
                wins = card.suit in (led.suit, trump) and \
                    STRENGTH_WITH_TRUMP[trump][card.index] > STRENGTH_WITH_TRUMP[trump][led.index]
                margin = worth if wins else -worth
                values[action] = Estimate(0.5 + margin / 100, 0.0, float(margin))
        return Evaluation(values, worlds=1, decision=deal["phase"])


def test_review_costs_and_names_the_broken_rule():
    record = _record(["take", "pass", "exchange", "play Xl", "play 8l"])
    items = Coach(TrickEvaluator()).review(record, seat=0)
    assert [item.index for item in items] == [2, 4]  # Ann's two decisions with a choice; Ben's are not hers
    exchange, follow = items
    assert not exchange.mistake and exchange.rule is None and "good" in exchange.sentence
    assert follow.action == "play 8l" and follow.best == "play Al"
    assert follow.cost_points == 31  # Al takes Xl + Al (21); 8l gives Ben the Xl (10)
    assert follow.cost_win == pytest.approx(0.31)
    assert follow.mistake and follow.rule == "take-the-trick-when-it-holds-points"
    assert follow.sentence.startswith("8l did worse than Al over 1 way the cards you cannot see might lie: Al won the "
                                      "game about 7 times in 10 and 8l about 2 times in 5; Al also scored about 31 "
                                      "points more on average. Rule of thumb “take the trick when it holds points”: ")
    assert follow.situation == "Deal 1, trick 1, trumps hearts (your opponent declared), Xl led to you; your hand: " \
                               "Uh Oh 8l Al Ka 8b 9b Ob Kb."


def test_review_from_a_start_index_skips_the_earlier_decisions():
    record = _record(["take", "pass", "exchange", "play Xl", "play 8l"])
    assert [item.index for item in Coach(TrickEvaluator()).review(record, seat=0, start=3)] == [4]


def test_review_judges_from_the_views_the_learner_had():
    evaluator = TrickEvaluator()
    record = _record(["take", "pass", "exchange", "play Xl", "play 8l"])
    items = Coach(evaluator).review(record, seat=0)
    game = record.start()
    for action in record.actions[:4]:
        game.apply(action)
    assert evaluator.views[-1] == game.view(0) == items[-1].view
    # Ben's hidden cards differ (his Ua lies in the stock, the 9a in his hand): Ann's views, and her review, do not
    other = dict(PLAY, forehand=["Xl", "Kl", "8h", "Ab", "Oa", "9a"])
    twin = TrickEvaluator()
    twin_items = Coach(twin).review(_record(list(record.actions), other), seat=0)
    assert twin.views == evaluator.views
    assert [i.sentence for i in twin_items] == [i.sentence for i in items]


def test_hint_gives_the_best_action_with_its_rule_and_every_value():
    view = _record(["take", "pass", "exchange", "play Xl"]).replay().view(0)
    hint = Coach(TrickEvaluator()).hint(view)
    assert hint.action == "play Al"
    assert hint.rule == "take-the-trick-when-it-holds-points"
    assert set(hint.values) == set(view["legal"])
    assert hint.why.startswith("Over 1 way the cards you cannot see might lie, each played out with every card face "
                               "up, Al won the game about 7 times in 10 and 8l, the next best, about 2 times in 5; Al "
                               "also scored about 31 points more on average.")


def test_hint_with_one_choice_needs_no_evaluation():
    evaluator = TrickEvaluator()
    view = _record(["take"]).replay().view(1)  # Ben, without the 7h, may only pass the exchange question
    hint = Coach(evaluator).hint(view)
    assert hint.action == "pass" and hint.why == "It is your only choice here." and evaluator.views == []


def test_hint_when_nothing_is_asked_says_so():
    view = _record(["take"]).replay().view(0)  # Ben is asked, not Ann
    with pytest.raises(ValueError, match="nothing to hint"):
        Coach(TrickEvaluator()).hint(view)


def test_describe_names_the_phase_and_the_hand():
    assert describe(_record([]).replay().view(1)) == \
        "Deal 1, choosing trumps: hearts (first candidate) offered; your hand: 8h Xl Kl Ua Oa Ab."


def _sampling_coach() -> Coach:
    return Coach(SamplingBot(level="easy", seed=1, worlds=8, time_cap=None, noise=0.0))


def test_sampling_coach_hints_and_reviews_a_short_hand():
    record = _record(["take", "pass", "exchange", "play Xl", "play 8l"])
    view = _record(list(record.actions[:4])).replay().view(0)
    hint = _sampling_coach().hint(view)
    assert hint.action == "play Al" and set(hint.values) == set(view["legal"])
    assert hint.why.startswith("Over 8 ways the cards you cannot see might lie, each played out with every card face "
                               "up, Al won the game in 5 of them and 8l, the next best, in 3;")
    follow = _sampling_coach().review(record, seat=0)[-1]
    assert follow.best == "play Al" and follow.mistake and follow.cost_points > 10
    assert follow.rule == "take-the-trick-when-it-holds-points"


def test_a_costly_choice_the_rules_agree_with_is_said_to_be_so():
    # Ben leads 7l: the rules win it cheaply with 8l, the test evaluator prefers taking the Al's 11 points home
    record = _record(["take", "pass", "pass", "play 7l", "play 8l"])
    follow = Coach(TrickEvaluator()).review(record, seat=0)[-1]
    assert follow.best == "play Al" and follow.mistake and follow.rule is None
    assert follow.sentence == ("8l did worse than Al over 1 way the cards you cannot see might lie: Al won the game "
                               "about 3 times in 5 and 8l about half the time; Al also scored about 11 points more on "
                               "average. You followed the rule of thumb “win cheaply”, which is usually right; here "
                               "the ways the cards might lie show that Al does better.")


def test_among_equal_actions_the_hint_follows_the_teaching_rule():
    view = _record(["take", "pass"]).replay().view(0)  # Ann may exchange her 7h; the test evaluator values all alike
    assert sorted(view["legal"]) == ["exchange", "pass"]
    hint = Coach(TrickEvaluator()).hint(view)
    assert (hint.action, hint.rule) == ("exchange", "sibr-when-you-can")
    assert "too close to call on these tries, so pass would do about as well" in hint.why


def _learner_views(record: Record, seat: int) -> list[tuple[int, dict]]:
    """(index, view) at each of ``seat``'s decisions with a choice, as the live table would show them."""
    game, out = record.start(), []
    for index, action in enumerate(record.actions):
        if game.to_move == seat and len(game.legal_actions()) > 1:
            out.append((index, game.view(seat)))
        game.apply(action)
    return out


def test_hint_and_review_value_the_same_decision_the_same_way():
    """Hint once said Ah where Review's best was Oa: both now draw each view's worlds from the coach's seed and that
    view alone, with no time cap, whatever the coach evaluated before."""
    record = _record(["take", "pass", "exchange", "play Xl", "play 8l"])
    decisions = _learner_views(record, seat=0)
    assert len(decisions) >= 2
    review = {item.index: item for item in Coach(level="easy", seed=3).review(record, seat=0)}
    hinting = Coach(level="easy", seed=3)
    for index, view in reversed(decisions):  # hints asked in another order than the review's, after other views
        hint = hinting.hint(view)
        assert review[index].best == hint.action, index
        assert review[index].view == view
        again = Coach(level="easy", seed=3).hint(view)
        assert again.values == hint.values  # the same estimates, not only the same best


def test_the_coachs_evaluator_is_deterministic_per_view_while_the_bot_runs_on():
    view = _record(["take", "pass", "exchange", "play Xl"]).replay().view(0)
    other = _record(["take", "pass"]).replay().view(0)
    coach = Coach(level="easy", seed=1).evaluator(view)
    first = coach.evaluate(view).estimates
    coach.evaluate(other)
    assert coach.evaluate(view).estimates == first
    bot = SamplingBot(level="easy", seed=1, time_cap=None)  # a playing bot's generator runs on across views
    assert [bot.evaluate(view).estimates == first for _ in range(3)].count(False) >= 1


class Alike:
    """A test evaluator that values every legal action alike (so the teaching rules choose among them)."""

    def evaluate(self, view: dict) -> Evaluation:
        return Evaluation({a: Estimate(0.5, 0.0, None) for a in view["legal"]}, worlds=1, decision="trump")


def test_a_hint_names_a_rule_whose_conditions_hold_for_the_hand():
    """A hint once named take-with-strong-trumps for a hand holding a single trump, the 7a."""
    deck = {"forehand": ["7a", "Ah", "Xh", "Al", "Xl", "Ab"], "dealer": ["7h", "8h", "8l", "Ua", "8a", "9b"],
            "first": "Ka", "stock_top": ["Uh"]}
    view = _record([], deck).replay().view(1)  # Ben, the forehand, is offered acorns: one trump, three aces
    assert view["deal"]["offer"]["suit"] == "a" and sorted(view["legal"]) == ["pass", "take"]
    hint = Coach(Alike()).hint(view)
    assert (hint.action, hint.rule) == ("take", "take-with-aces-and-melds")
    names = {rule.name: advice for rule, advice in advice_of_rules(view)}
    assert "take-with-strong-trumps" not in names and "pass-a-weak-hand" not in names  # neither is true of it
    assert "only 1 trump (7a)" in names["take-with-aces-and-melds"].why
    strong = dict(deck, forehand=["7a", "Oa", "9a", "Aa", "Xl", "Ab"])
    assert Coach(Alike()).hint(_record([], strong).replay().view(1)).rule == "take-with-strong-trumps"


def test_review_costs_count_chips_with_the_stake_and_the_bank():
    record = _record(["take", "pass", "exchange", "play Xl", "play 8l"])
    follow = _sampling_coach().review(record, seat=0)[-1]
    assert follow.cost_chips is not None and follow.cost_chips > 0
    assert "chip more on average (the stake and the bank counted)" in follow.sentence
