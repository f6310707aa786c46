"""The coach's review of a finished deal, as the practice table's review panel shows it (``ui["review"]``).

``review_ui`` turns the coach's ``ReviewItem``s into plain data for the front end: per decision a short
situation, what the learner did, the best action, the cost in words, the teaching rule broken and the
coach's sentence, with a one-line summary on top. Everything in it comes from the learner's own views
and the actions the learner could take then; ``decision_views`` replays the record to the decisions to
give the table as the learner saw it at each. ``OpenReview`` is an open panel and ``review_frame`` the table
it draws (the list over the live table, or a decision's past table), for any controller with a review.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import Coach
from ..bots.coach import ReviewItem, Teacher, lesson_text, rule_words, teacher_of
from ..bots.words import amount, difference
from ..records import Record
from .present import control, presenter, table_ui

View = dict[str, Any]
Judged = tuple[tuple[ReviewItem, ...], tuple[View, ...]]  # the coach's items and the seat's view at each


@dataclass(frozen=True)
class OpenReview:
    """An open review: the decisions judged, the seat's view at each, the live table to go back to."""

    items: tuple[ReviewItem, ...]
    views: tuple[View, ...]
    live: tuple[View, dict[str, Any]]  # the live table's view and ui when Review was pressed
    selected: int | None = None  # the decision whose table is shown; None: the live table under the list


def first_action_of_deal(record: Record, k: int) -> int:
    """The index in ``record.actions`` of the first action of deal ``k`` (0 for the first deal).

    The engine deals the next deal inside the action that ends one, so deal ``k`` starts right after
    the action that made it exist.
    """
    game = record.start()
    for index, action in enumerate(record.actions):
        if len(game.deals) > k:
            return index
        game.apply(action)
    return len(record.actions)


def decision_views(record: Record, items: Sequence[ReviewItem], seat: int) -> list[View]:
    """The learner's own view at each decision the items judge, replayed from the record (one pass), so the
    table shows what the engine let the learner see there whatever the coach put into ``ReviewItem.view``."""
    wanted = {item.index for item in items}
    views: dict[int, View] = {}
    game = record.start()
    for index, action in enumerate(record.actions):
        if index in wanted:
            if game.to_move != seat:
                raise ValueError(f"action {index} of the record was not seat {seat}'s decision")
            views[index] = game.view(seat)
        game.apply(action)
    missing = wanted - set(views)
    if missing:
        raise ValueError(f"the review names actions {sorted(missing)} that the record does not hold")
    return [views[item.index] for item in items]


def judge_deal(coach: Coach, record: Record, seat: int, deal: int) -> Judged:
    """The coach's verdicts on ``seat``'s decisions in deal ``deal`` of ``record``, and the seat's own view at each."""
    items = tuple(coach.review(record, seat, start=first_action_of_deal(record, deal)))
    return items, tuple(decision_views(record, items, seat))


def _won_fewer(item: ReviewItem) -> str | None:
    """ "won the game in 2 fewer of the 32 ways tried" (None when nothing was given away)."""
    if item.cost_win is None:
        return None
    fewer = difference(-item.cost_win, item.worlds) if item.worlds else None
    if fewer is None:
        return None
    return f"won the game {fewer.replace(' of them', f' of the {item.worlds} ways tried')}"


def cost_text(item: ReviewItem) -> str:
    """The cost of the decision against the best one, in words: "gave away about 12 points and won the game in 3
    fewer of the 32 ways tried"."""
    if not item.mistake:
        return "best" if item.action == item.best else "about as good as the best"
    if item.cost_points is None and item.cost_win is None:
        return "not among the moves worth considering"
    costs = []
    if item.cost_points is not None and item.cost_points >= 0.25:
        costs.append(f"gave away {amount(item.cost_points, 'point')}")
    won = _won_fewer(item)
    if won is not None:
        costs.append(won)
    return " and ".join(costs) if costs else "worse than the best"


def _lesson(teacher: Teacher, rule: str | None) -> str | None:
    """The sentence of a teaching rule, or None when there is no rule or the teacher does not know it (the panel
    shows it on its own line, so the coach's sentence is shown without it)."""
    if rule is None:
        return None
    try:
        return teacher.lesson(rule)
    except KeyError:
        return None


def entry(number: int, item: ReviewItem, view: View) -> dict[str, Any]:
    """One decision of the panel's list (``number`` counts the learner's decisions from 1)."""
    teacher, shown = teacher_of(view["game"]), presenter(view)
    lesson = _lesson(teacher, item.rule)
    return {
        "number": number,
        "where": shown.review_where(view),
        "situation": teacher.describe(view),  # the coach's words for the position, from the replayed view
        "action": item.action,
        "doing": shown.review_doing(item.action, view),
        "cards": shown.review_cards(item.action),
        "best": item.best,
        "best_doing": shown.review_doing(item.best, view),
        "best_cards": shown.review_cards(item.best),
        "cost": cost_text(item),
        "mistake": item.mistake,
        "rule": {"name": rule_words(item.rule), "lesson": lesson} if item.rule and lesson is not None else None,
        "sentence": item.sentence.removesuffix(lesson_text(teacher, item.rule)) if lesson else item.sentence,
    }


def summary(items: Sequence[ReviewItem]) -> str:
    """The panel's first line: how many decisions cost something, the points they gave away in all, and the
    costliest in games won (games given away at different moments do not add up)."""
    if not items:
        return "You had no choice to make in this deal: there is nothing to review."
    mistakes = [item for item in items if item.mistake]
    count = f"{len(items)} decision{'s' if len(items) != 1 else ''}"
    if not mistakes:
        return f"All {count} of yours were about as good as the best." if len(items) > 1 else \
            "Your one decision was about as good as the best."
    points = sum(item.cost_points or 0.0 for item in mistakes)
    text = f"{len(mistakes)} of {count} cost you something" + (f": {amount(points, 'point')} in all"
                                                               if points >= 0.25 else "")
    number, worst = max(enumerate(items, 1), key=lambda pair: pair[1].cost_win or 0.0)
    won = _won_fewer(worst) if worst.mistake else None
    if won is not None:
        text += f"; the costliest, decision {number}, {won}"
    return text + "."


def review_ui(items: Sequence[ReviewItem], views: Sequence[View], selected: int | None = None) -> dict[str, Any]:
    """``ui["review"]``: the summary, one entry per decision (``views[i]`` is the learner's view at item ``i``),
    and the index of the decision whose table is shown (None: the live table)."""
    return {"summary": summary(items), "items": [entry(i + 1, item, view) for i, (item, view)
                                                  in enumerate(zip(items, views, strict=True))],
            "selected": selected}


def review_frame(review: OpenReview, seat: int, deal_code: str | None, title: str = "", deal_link: bool = False
                 ) -> tuple[View, dict[str, Any]]:
    """The view and ui of an open review for ``seat``: the list over the live table, or the table of the decision
    chosen as the seat saw it then (nothing on it can be played); the only control is Back to the game."""
    panel = review_ui(review.items, review.views, review.selected)
    controls = [control("back", "Back to the game")]
    if review.selected is None:
        view, live_ui = review.live
        prompt_text = "Choose a decision to see the table as you saw it then. Back to the game returns to this table."
        ui = {**live_ui, "prompt": prompt_text, "notice": None, "controls": controls, "busy": False, "highlight": []}
    else:
        k = review.selected
        view = review.views[k]
        log = view.get("log") or []
        ui = table_ui(view, "play", seat, caption=log[-1]["text"] if log else "",
                      prompt_text=f"The table as you saw it at decision {k + 1} of {len(review.items)}.",
                      controls=controls, deal_code=deal_code, deal_link=deal_link, title=title, interactive=False)
    return view, {**ui, "review": panel}
