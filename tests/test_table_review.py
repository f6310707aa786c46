"""The practice table's review panel: the Review control after a deal, the learner's decisions listed with their
costs, the table as the learner saw it at each, back to the live table, and nothing acting on the game meanwhile."""
from __future__ import annotations

import json
import random
import re
from dataclasses import replace

from test_table_practice import controls, legal_clicks, play

from bulka_teach.bots import Coach
from bulka_teach.bots.coach import ReviewItem
from bulka_teach.bots.sampling import Estimate, Evaluation
from bulka_teach.czech.ai.teaching import RULES_BY_NAME
from bulka_teach.czech.rules import PACK, POINTS_WITH_TRUMP, SUITS
from bulka_teach.table import Practice
from bulka_teach.table.review import cost_text, first_action_of_deal, summary

CARD = re.compile(r"\b[789XUOKA][hlab]\b")


class CheapCards:
    """A test evaluator reading the view alone: a card is worth minus its points (cheap cards are best), anything
    else is worth the same. Deterministic and instant, so reviews take no time."""

    def evaluate(self, view: dict) -> Evaluation:
        deal = view["deal"]
        values = {}
        for action in view["legal"]:
            verb, _, card = action.partition(" ")
            if verb == "play" and deal["trump"]:
                points = POINTS_WITH_TRUMP[SUITS.index(deal["trump"])][PACK.card(card).index]
                values[action] = Estimate(0.5 - points / 100, 0.0, float(-points))
            else:
                values[action] = Estimate(0.5, 0.0, 0.0)
        return Evaluation(values, worlds=1, decision=deal["phase"])


class CountingCoach(Coach):
    """The cheap coach, counting its reviews and noting whether the table showed its busy state meanwhile."""

    def __init__(self, practice_box: list[Practice] | None = None) -> None:
        super().__init__(CheapCards())
        self.reviews = 0
        self.busy_seen: list[bool] = []
        self.box = practice_box if practice_box is not None else []

    def review(self, record, seat, start=0):
        self.reviews += 1
        if self.box:
            self.busy_seen.append(self.box[0].table.ui["busy"])
        return super().review(record, seat, start)


def ended_deal(code: str = "CB2-std-7", seed: int = 1, whole: str = "game", coach: Coach | None = None) -> Practice:
    """A practice table whose learner played a deal to its end by random legal clicks (the deal still shown)."""
    practice = Practice(code=code, coach=coach or Coach(CheapCards()), whole=whole)
    play(practice, random.Random(seed), until=lambda p: p._shown is not None)
    return practice


def learner_decisions(practice: Practice) -> list[int]:
    """The record's indices of the learner's decisions with a choice in the deal on the table, replayed here."""
    record = practice.game.record()
    start = first_action_of_deal(record, practice._shown)
    game, found = record.start(), []
    for index, action in enumerate(record.actions):
        if index >= start and game.to_move == practice.seat and len(game.legal_actions()) > 1:
            found.append(index)
        game.apply(action)
    return found


def test_the_review_control_is_enabled_only_once_a_deal_the_learner_played_ended():
    practice = Practice(code="CB2-std-7", coach=Coach(CheapCards()))
    assert controls(practice)["review"] is False
    practice.control("review")
    assert practice.table.ui["notice"]["text"].startswith("Review comes once a deal you play is over")
    assert "review" not in practice.table.ui
    play(practice, random.Random(1), until=lambda p: p._shown is not None)
    assert controls(practice)["review"] is True
    practice.control("undo")  # back into the deal: nothing to review yet
    assert controls(practice)["review"] is False


def test_after_a_whole_bulka_the_last_deal_can_still_be_reviewed():
    practice = Practice(code="CB2-std-3", whole="match", coach=Coach(CheapCards()))
    play(practice, random.Random(2), limit=20000)
    assert practice.finished and controls(practice)["review"] is True
    practice.control("review")
    assert practice.table.ui["review"]["items"]
    assert all(item["situation"].startswith(f"Deal {practice.table.view['deal']['number']},")
               for item in practice.table.ui["review"]["items"])


def test_the_learner_sitting_out_has_nothing_to_review():
    practice = Practice(players=("You", "Ann", "Ben"), code="CB3-std-2", coach=Coach(CheapCards()))  # You sit out
    practice.control("continue")
    assert practice.table.view["deal"]["outcome"] is not None and controls(practice)["review"] is False
    practice.control("review")
    assert practice.table.ui["notice"]["text"] == "You sat out this game: you made no decisions to review."


def test_the_panel_lists_exactly_the_learners_decisions_with_a_choice_in_order():
    practice = ended_deal()
    practice.control("review")
    panel = practice.table.ui["review"]
    expected = learner_decisions(practice)
    actions = practice.game.record().actions
    assert len(expected) >= 5
    assert [item["action"] for item in panel["items"]] == [actions[i] for i in expected]
    assert [item["number"] for item in panel["items"]] == list(range(1, len(expected) + 1))
    assert panel["selected"] is None
    mistakes = [item for item in panel["items"] if item["mistake"]]
    assert mistakes, "the cheap-cards evaluator should find the random learner's expensive cards"
    for item in panel["items"]:
        if item["mistake"]:
            assert item["cost"].startswith("gave away ") and item["best"] != item["action"]
            if item["rule"]:
                assert item["rule"]["lesson"] == RULES_BY_NAME[item["rule"]["name"].replace(" ", "-")].lesson
                assert item["rule"]["lesson"] not in item["sentence"], "the lesson has a line of its own"
        else:
            assert item["cost"] in ("best", "about as good as the best") and item["rule"] is None
    assert panel["summary"].startswith(f"{len(mistakes)} of {len(expected)} decisions cost you something: ")
    assert controls(practice) == {"back": True}


def known_by_the_end_of_the_deal(practice: Practice) -> set[str]:
    """Every card the engine let the learner see during the deal on the table (its views and explanations)."""
    record = practice.game.record()
    game, known = record.start(), set()
    for action in record.actions:
        known |= set(CARD.findall(json.dumps(game.view(practice.seat))))
        game.apply(action)
    known |= {c for e in game.events for c in CARD.findall(game.explain(e, practice.seat))}
    return known | set(CARD.findall(json.dumps(practice.table.view)))


def test_selecting_a_decision_shows_the_table_as_the_learner_saw_it_then():
    practice = ended_deal()
    live_view = practice.table.view
    practice.control("review")
    record = practice.game.record()
    known = known_by_the_end_of_the_deal(practice)
    for k, index in enumerate(learner_decisions(practice)):
        practice.table.send_from_browser({"type": "review", "item": k})
        view, ui = practice.table.view, practice.table.ui
        then = record.with_actions(record.actions[:index]).replay()
        assert view == then.view(practice.seat), f"decision {k + 1} does not show the learner's own view then"
        assert "open_hands" not in view["deal"]
        shown = set(CARD.findall(json.dumps(view) + json.dumps(practice.table.layout) + json.dumps(ui)))
        assert shown <= known, f"the review shows {shown - known}, never shown to the learner"
        item = ui["review"]["items"][k]
        assert ui["review"]["selected"] == k and item["action"] == record.actions[index]
        assert ui["clickable"] == {} and ui["buttons"] == [] and ui["card_verb"] is None  # a picture of the past
        assert ui["prompt"] == f"The table as you saw it at decision {k + 1} of {len(ui['review']['items'])}."
        assert set(item["cards"]) | set(item["best_cards"]) <= set(view["deal"]["hand"])
    assert practice.table.view != live_view


def test_the_table_shows_the_learners_own_view_whatever_view_the_coach_hands_back():
    class Careless(Coach):  # puts the opponent's view into its items
        def review(self, record, seat, start=0):
            items = super().review(record, seat, start)
            return [replace(item, view=record.with_actions(record.actions[:item.index]).replay().view(1 - seat))
                    for item in items]

    practice = ended_deal(coach=Careless(CheapCards()))
    record = practice.game.record()
    practice.control("review")
    index = learner_decisions(practice)[0]
    practice.table.send_from_browser({"type": "review", "item": 0})
    assert practice.table.view == record.with_actions(record.actions[:index]).replay().view(practice.seat)
    assert practice.table.ui["review"]["items"][0]["situation"].endswith(
        f"your hand: {' '.join(practice.table.view['deal']['hand'])}.")


def test_back_to_the_game_restores_the_live_table_exactly():
    practice = ended_deal()
    practice.table.send_from_browser({"type": "card", "card": "Ah"})  # a notice on the live table, kept too
    before = (practice.table.view, practice.table.ui)
    practice.table.send_from_browser({"type": "control", "name": "review"})
    practice.table.send_from_browser({"type": "review", "item": 1})
    practice.table.send_from_browser({"type": "control", "name": "back"})
    assert (practice.table.view, practice.table.ui) == before
    practice.control("back")
    assert practice.table.ui["notice"]["text"] == "You are at the game already."


def test_clicks_during_the_review_change_nothing_and_say_why():
    practice = ended_deal()
    record = practice.game.record()
    practice.control("review")
    practice.table.send_from_browser({"type": "review", "item": 2})
    shown = practice.table.view
    hand = shown["deal"]["hand"]
    messages = [{"type": "card", "card": hand[0]}, {"type": "action", "action": "pass"},
                *({"type": "control", "name": name} for name in ("undo", "continue", "new", "hint"))]
    for message in messages:
        practice.table.send_from_browser(message)
        assert practice.table.ui["notice"]["kind"] == "refused"
        assert practice.table.ui["notice"]["text"] == ("This is the table as it was at decision 3: go back to the "
                                                       "game to play.")
        assert practice.game.record() == record and practice.table.view == shown
    practice.control("back")
    assert practice.game.record() == record


def test_the_same_deal_is_not_judged_twice():
    box: list[Practice] = []
    coach = CountingCoach(box)
    practice = Practice(code="CB2-std-7", coach=coach, whole="match")
    box.append(practice)
    play(practice, random.Random(1), until=lambda p: p._shown is not None)
    practice.control("review")
    first = practice.table.ui["review"]
    practice.control("back")
    practice.control("review")
    assert coach.reviews == 1 and practice.table.ui["review"] == first
    assert coach.busy_seen == [True] and practice.table.ui["busy"] is False  # the busy state while it thought
    practice.control("back")
    practice.control("continue")
    play(practice, random.Random(2), until=lambda p: p._shown is not None)
    practice.control("review")
    assert coach.reviews == 2, "a new deal is a new review"
    assert practice.table.ui["review"] != first


def test_a_failing_coach_becomes_a_notice_and_leaves_the_table_as_it_was(caplog):
    class Broken(Coach):
        def review(self, record, seat, start=0):
            raise RuntimeError("coach crashed")

    practice = ended_deal(coach=Broken(CheapCards()))
    record, view = practice.game.record(), practice.table.view
    practice.table.send_from_browser({"type": "control", "name": "review"})
    assert practice.table.ui["notice"]["kind"] == "error" and "review" not in practice.table.ui
    assert practice.game.record() == record and practice.table.view == view
    assert controls(practice)["review"] is True and "coach crashed" in caplog.text


def test_a_decision_not_in_the_review_is_refused_with_a_sentence():
    practice = ended_deal()
    practice.table.send_from_browser({"type": "review", "item": 0})
    assert practice.table.ui["notice"]["text"] == "There is no review open: press Review once a deal is over."
    practice.control("review")
    for item in ("2", 999, -1, True, None):
        practice.table.send_from_browser({"type": "review", "item": item})
        assert practice.table.ui["notice"]["text"] == "That decision is not in this review: choose one from the list."
        assert practice.table.ui["review"]["selected"] is None


def test_after_back_the_game_goes_on():
    practice = ended_deal(whole="match")
    practice.control("review")
    practice.control("back")
    practice.control("continue")
    assert practice.table.view["deal"]["outcome"] is None and legal_clicks(practice)


def _item(action: str, best: str, cost_points: float | None, cost_win: float | None, mistake: bool,
          worlds: int = 10) -> ReviewItem:
    return ReviewItem(4, "Deal 1, trick 2.", {}, action, best, cost_points, cost_win, None, "", mistake,
                      worlds=worlds)


def test_costs_and_the_summary_in_words():
    """Costs are counted in the ways the hidden cards were tried and rounded to what they can tell: never "30%"."""
    wasted = _item("play Ah", "play 7h", 12.4, 0.3, True)
    assert cost_text(wasted) == "gave away about 12 points and won the game in 3 fewer of the 10 ways tried"
    assert cost_text(_item("play Ah", "play 7h", 0.2, 0.0, True)) == "worse than the best"
    assert cost_text(_item("discard Ah", "discard 7h", None, None, True)) == "not among the moves worth considering"
    assert cost_text(_item("play 7h", "play 7h", 0.0, 0.0, False)) == "best"
    assert cost_text(_item("play 8h", "play 7h", 0.1, 0.0, False)) == "about as good as the best"
    items = [wasted, _item("play Kh", "play 7h", 13.0, 0.1, True), _item("play 7h", "play 7h", 0, 0, False)]
    assert summary(items) == ("2 of 3 decisions cost you something: about 25 points in all; the costliest, "
                              "decision 1, won the game in 3 fewer of the 10 ways tried.")
    assert summary([_item("take", "pass", None, 0.34, True, worlds=32), items[2]]) == \
        "1 of 2 decisions cost you something; the costliest, decision 1, won the game with a chance about 1 in 3 lower."
    assert summary(items[2:]) == "Your one decision was about as good as the best."
    assert summary([]) == "You had no choice to make in this deal: there is nothing to review."
