"""The coach: a hint for the position in front of the learner, and a review of a hand after it.

Both see only what the learner saw. ``hint(view)`` takes the learner's view; ``review(record, seat)``
replays the record to each of the seat's decisions and takes ``game.view(seat)`` there. The values
come from an ``Evaluator`` — by default the sampling bot, which deals the hidden cards many ways
consistent with the view and solves each deal exactly — and the teaching rules (``teaching.py``)
name the rule a weak decision breaks.

What the table draws: ``Hint(action, why, rule, values)`` and, per decision, a ``ReviewItem`` with
the decision's index in the record, the view-time situation, the action taken and the best one, the
cost in points and in chance to win, the teaching rule broken, and a sentence for the learner.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..records import Record
from .teaching import RULES_BY_NAME, advice_of_rules

#: Decisions whose values differ by less than this are equally good (sampling noise, rounding).
POINTS_TOLERANCE = 0.5
WIN_TOLERANCE = 0.005


@dataclass(frozen=True)
class ActionValue:
    """What an action is worth from the mover's view: expected final points margin and chance to win the game."""

    points: float  # the mover's final points minus the opponent's, on average over the deals considered
    win: float  # the chance (0–1) that the mover wins the game


@dataclass(frozen=True)
class Evaluation:
    """Every legal action's value, and how many possible deals (worlds) they were averaged over."""

    values: dict[str, ActionValue]
    worlds: int


class Evaluator(Protocol):
    """Values every legal action of ``view["legal"]`` from that view alone."""

    def evaluate(self, view: dict[str, Any]) -> Evaluation: ...


def _key(value: ActionValue) -> tuple[float, float]:
    return value.win, value.points


def best_action(values: dict[str, ActionValue]) -> str:
    """The action with the highest chance to win, then the most points (the first listed on a tie)."""
    return max(values, key=lambda a: _key(values[a]))


@dataclass(frozen=True)
class Hint:
    """The best action here, why (a sentence for the learner), the teaching rule behind it, every action's value."""

    action: str
    why: str
    rule: str | None
    values: dict[str, ActionValue]


@dataclass(frozen=True)
class ReviewItem:
    """One decision of the reviewed seat, judged from what the seat saw then."""

    index: int  # the action's index in the record's action list
    situation: str  # the position as the learner saw it, in a sentence
    view: dict[str, Any]  # the learner's view at that moment (for the table to draw)
    action: str
    best: str
    cost_points: float  # points given away against the best action (0 when it was as good)
    cost_win: float  # chance to win given away (0–1)
    rule: str | None  # the teaching rule the decision breaks, if any
    sentence: str

    @property
    def mistake(self) -> bool:
        return self.cost_points > POINTS_TOLERANCE or self.cost_win > WIN_TOLERANCE


def describe(view: dict[str, Any]) -> str:
    """The view's situation in a sentence: the deal, the phase, the trick, the hand."""
    deal = view["deal"]
    hand = " ".join(deal["hand"])
    phase = deal["phase"]
    if phase == "trump":
        offer = deal["offer"]
        where = f"choosing trumps: {offer['suit']} ({offer['which']} candidate) is offered"
    elif phase == "play":
        trick_no = len(deal["tricks"]) + 1
        on_table = ", ".join(t["card"] for t in deal["trick"])
        where = (f"trick {trick_no}, trumps {deal['trump']}, " +
                 (f"{on_table} led to you" if on_table else "your lead"))
    else:
        where = {"exchange": "the exchange question (šíbr)", "discard": "discarding after the exchange",
                 "hundred-ask": "the hundred (sto) question", "hundred-answer": "answering the opponent's hundred"
                 }.get(phase, phase)
        where += f", trumps {deal['trump']}" if deal["trump"] else ""
    return f"Deal {deal['number']}, {where}; your hand: {hand}."


def _rule_behind(view: dict[str, Any], best: str, taken: str | None) -> str | None:
    """The teaching rule that recommends ``best`` here; else the first rule that advised against ``taken``."""
    advised = advice_of_rules(view)
    for rule, advice in advised:
        if advice.action == best:
            return rule.name
    if taken is not None:
        for rule, advice in advised:
            if advice.action != taken:
                return rule.name
    return None


def _percent(chance: float) -> str:
    return f"{chance * 100:.0f}%"


class Coach:
    """Hints and reviews, valued by ``evaluator`` (by default the sampling bot at ``level``)."""

    def __init__(self, evaluator: Evaluator | None = None, level: str = "medium", seed: int = 0) -> None:
        if evaluator is None:
            from .sampling import SamplingBot

            evaluator = SamplingBot(level=level, seed=seed)
        self.evaluator = evaluator

    def hint(self, view: dict[str, Any]) -> Hint:
        """The best action for the seat whose view this is, and why."""
        legal = view.get("legal") or []
        if not legal:
            raise ValueError("there is nothing to hint: this view asks nothing of its seat (view['legal'] is empty)")
        if len(legal) == 1:
            return Hint(legal[0], f"{legal[0]} is the only thing you may do now.", None, {})
        evaluation = self.evaluator.evaluate(view)
        values = evaluation.values
        best = best_action(values)
        rule = _rule_behind(view, best, None)
        why = self._why_best(best, values, evaluation.worlds)
        if rule is not None:
            why += f" Teaching rule {rule}: {RULES_BY_NAME[rule].lesson}"
        return Hint(best, why, rule, values)

    def review(self, record: Record, seat: int, start: int = 0) -> list[ReviewItem]:
        """Every decision ``seat`` made in the record from action ``start`` on (those with a choice), judged from
        the seat's view then. The table passes the index of the hand's first action to review that hand only."""
        game = record.start()
        items = []
        for index, action in enumerate(record.actions):
            if game.to_move == seat and index >= start:
                view = game.view(seat)
                if len(view["legal"]) > 1:
                    items.append(self._judge(index, view, action))
            game.apply(action)
        return items

    def _judge(self, index: int, view: dict[str, Any], action: str) -> ReviewItem:
        evaluation = self.evaluator.evaluate(view)
        values = evaluation.values
        best = best_action(values)
        taken, top = values[action], values[best]
        cost_points = max(0.0, top.points - taken.points)
        cost_win = max(0.0, top.win - taken.win)
        item = ReviewItem(index, describe(view), view, action, best, cost_points, cost_win, None, "")
        if not item.mistake:
            sentence = (f"{action}: good — as good as any choice here (over {evaluation.worlds} possible deals)."
                        if action == best else
                        f"{action}: fine — {best} was worth only a little more (over {evaluation.worlds} possible "
                        f"deals).")
            return replace(item, sentence=sentence)
        rule = _rule_behind(view, best, action)
        sentence = (f"{action} cost you {cost_points:.1f} points on average and {_percent(cost_win)} chance to win "
                    f"the game against {best} (over {evaluation.worlds} possible deals).")
        if rule is not None:
            sentence += f" Teaching rule {rule}: {RULES_BY_NAME[rule].lesson}"
        return replace(item, rule=rule, sentence=sentence)

    @staticmethod
    def _why_best(best: str, values: dict[str, ActionValue], worlds: int) -> str:
        others = [a for a in values if a != best]
        if not others:
            return f"{best} is the only choice here."
        runner = max(others, key=lambda a: _key(values[a]))
        gain_points = values[best].points - values[runner].points
        gain_win = values[best].win - values[runner].win
        return (f"Across {worlds} possible deals, {best} wins you {gain_points:.1f} points more on average than the "
                f"next best ({runner}), and {_percent(gain_win)} more chance to win the game "
                f"({_percent(values[best].win)} in all).")


def hint(view: dict[str, Any], coach: Coach | None = None) -> Hint:
    """The best action for this view and why (a coach with the default evaluator unless one is given)."""
    return (coach or Coach()).hint(view)


def review(record: Record, seat: int, start: int = 0, coach: Coach | None = None) -> list[ReviewItem]:
    """Each of ``seat``'s decisions in the record (from action ``start``) with its cost and the rule it breaks."""
    return (coach or Coach()).review(record, seat, start)
