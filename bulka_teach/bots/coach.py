"""The coach: a hint for the position in front of the learner, and a review of a hand after it.

Both see only what the learner saw. ``hint(view)`` takes the learner's view; ``review(record, seat)``
replays the record to each of the seat's decisions and takes ``game.view(seat)`` there. The values
come from an evaluator — by default the sampling bot (``sampling.SamplingBot.evaluate``), which deals
the hidden cards many ways consistent with the view and solves each deal exactly — and the teaching
rules (``teaching.py``) name the rule a weak decision breaks.

Best means the sampling bot's utility: the chance to win the game (``sampling.PAY_WEIGHT`` could weigh the
chance of paying the stake against it; it is 0), with the final points margin separating near-equal choices.
What the table draws:
``Hint(action, why, rule, values)`` and, per decision, a ``ReviewItem`` with the decision's index in the
record, the view-time situation, the action taken and the best one, the cost in points and in chance to
win, the teaching rule broken, and a sentence for the learner.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..czech.rules import SUIT_NAMES
from ..records import Record
from .teaching import RULES_BY_NAME, advice_of_rules

if TYPE_CHECKING:
    from .sampling import Estimate, Evaluation

#: A decision whose utility is within this of the best one's is as good (sampling noise): 1% of a game.
UTILITY_TOLERANCE = 0.01


class Evaluator(Protocol):
    """Estimates the legal actions of ``view["legal"]`` from that view alone (the sampling bot is one)."""

    def evaluate(self, view: dict[str, Any]) -> Evaluation: ...


@dataclass(frozen=True)
class Hint:
    """The best action here, why (a sentence for the learner), the teaching rule behind it, the actions' values."""

    action: str
    why: str
    rule: str | None
    values: dict[str, Estimate]  # by action: chance to win, chance to pay the stake, mean final points margin


@dataclass(frozen=True)
class ReviewItem:
    """One decision of the reviewed seat, judged from what the seat saw then."""

    index: int  # the action's index in the record's action list
    situation: str  # the position as the learner saw it, in a sentence
    view: dict[str, Any]  # the learner's view at that moment (for the table to draw)
    action: str
    best: str
    cost_points: float | None  # mean points margin given away against the best action (None: not measured)
    cost_win: float | None  # chance to win given away, 0–1 (None: the action was not among those valued)
    rule: str | None  # the teaching rule the decision breaks, if any
    sentence: str
    mistake: bool


def describe(view: dict[str, Any]) -> str:
    """The view's situation in a sentence: the deal, the phase, trumps and who declared, the trick, the hand."""
    deal = view["deal"]
    phase = deal["phase"]
    trumps = ""
    if deal["trump"]:
        declared = "you declared" if deal["declarer"] == view["seat"] else "your opponent declared"
        trumps = f", trumps {SUIT_NAMES[deal['trump']]} ({declared})"
    if phase == "trump":
        offer = deal["offer"]
        where = f"choosing trumps: {SUIT_NAMES[offer['suit']]} ({offer['which']} candidate) offered"
    elif phase == "play":
        led = ", ".join(t["card"] for t in deal["trick"])
        where = f"trick {len(deal['tricks']) + 1}{trumps}, " + (f"{led} led to you" if led else "your lead")
    else:
        where = {"exchange": "the exchange question (šíbr)", "discard": "discarding after the exchange",
                 "hundred-ask": "the hundred (sto) question", "hundred-answer": "answering the opponent's hundred"
                 }.get(phase, phase) + trumps
    return f"Deal {deal['number']}, {where}; your hand: {' '.join(deal['hand'])}."


def best_with_rule(view: dict[str, Any], evaluation: Evaluation) -> tuple[str, str | None]:
    """The best action and the teaching rule behind it. Among the actions as good as the top one (within
    ``UTILITY_TOLERANCE``), the one a teaching rule recommends is preferred, so hints teach the rules."""
    estimates = evaluation.estimates
    ranked = evaluation.ranked()
    top = estimates[ranked[0]].utility
    near = {a for a in ranked if top - estimates[a].utility <= UTILITY_TOLERANCE}
    for rule, advice in advice_of_rules(view):
        if advice.action in near:
            return advice.action, rule.name
    return ranked[0], None


def rule_against(view: dict[str, Any], taken: str) -> str | None:
    """The first teaching rule that advised something other than ``taken`` here."""
    return next((rule.name for rule, advice in advice_of_rules(view) if advice.action != taken), None)


def _deals(n: int) -> str:
    return f"{n} possible deal{'s' if n != 1 else ''}"


def _lesson(rule: str | None) -> str:
    return f" Teaching rule {rule}: {RULES_BY_NAME[rule].lesson}" if rule is not None else ""


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
        evaluation = self.evaluator.evaluate(view) if len(legal) > 1 else None
        if evaluation is None or not evaluation.estimates:
            return Hint(legal[0], f"{legal[0]} is the only thing you may do now.", None, {})
        best, rule = best_with_rule(view, evaluation)
        return Hint(best, self._why_best(best, evaluation) + _lesson(rule), rule, dict(evaluation.estimates))

    def review(self, record: Record, seat: int, start: int = 0) -> list[ReviewItem]:
        """Every decision ``seat`` made in the record from action ``start`` on (those with a choice), judged from
        the seat's view then. The table passes the index of the hand's first action to review that hand only."""
        game = record.start()
        items = []
        for index, action in enumerate(record.actions):
            if game.to_move == seat and index >= start:
                view = game.view(seat)
                if len(view["legal"]) > 1:
                    item = self._judge(index, view, action)
                    if item is not None:
                        items.append(item)
            game.apply(action)
        return items

    def _judge(self, index: int, view: dict[str, Any], action: str) -> ReviewItem | None:
        evaluation = self.evaluator.evaluate(view)
        estimates = evaluation.estimates
        if not estimates:
            return None
        best, rule = best_with_rule(view, evaluation)
        top = estimates[best]
        deals = _deals(evaluation.worlds)
        taken = estimates.get(action)
        rule = rule or rule_against(view, action)
        if taken is None:  # e.g. a discard the sampling bot did not think worth valuing
            sentence = (f"{action}: the cards worth considering here were others; {best} was best over {deals}."
                        + _lesson(rule))
            return ReviewItem(index, describe(view), view, action, best, None, None, rule, sentence, True)
        cost_win = max(0.0, top.win - taken.win)
        cost_points = None if top.margin is None or taken.margin is None else max(0.0, top.margin - taken.margin)
        if estimates[evaluation.ranked()[0]].utility - taken.utility <= UTILITY_TOLERANCE:
            sentence = (f"{action}: good — as good as any choice here (over {deals})." if action == best else
                        f"{action}: fine — {best} was worth only a little more (over {deals}).")
            return ReviewItem(index, describe(view), view, action, best, cost_points, cost_win, None, sentence, False)
        costs = []
        if cost_points is not None and cost_points >= 0.05:
            costs.append(f"{cost_points:.1f} points on average")
        if cost_win >= 0.005:
            costs.append(f"{cost_win:.0%} of your chance to win the game")
        if taken.pays - top.pays >= 0.005:
            costs.append(f"{taken.pays - top.pays:.0%} more risk of paying the stake")
        sentence = f"{action} cost you {' and '.join(costs) or 'a little'} against {best} (over {deals})."
        if rule is None:
            sentence += (" The teaching rules would have chosen as you did; the possible deals show that "
                         f"{best} does better here.")
        sentence += _lesson(rule)
        return ReviewItem(index, describe(view), view, action, best, cost_points, cost_win, rule, sentence, True)

    @staticmethod
    def _why_best(action: str, evaluation: Evaluation) -> str:
        estimates = evaluation.estimates
        best = estimates[action]
        deals = _deals(evaluation.worlds)
        odds = f"you win the game in {best.win:.0%} of them"
        others = [a for a in evaluation.ranked() if a != action]
        if not others:
            return f"Across {deals}, {action}: {odds}."
        runner = others[0]
        other = estimates[runner]
        gains = []
        if best.margin is not None and other.margin is not None and best.margin - other.margin >= 0.05:
            gains.append(f"{best.margin - other.margin:.1f} points more on average")
        if best.win - other.win >= 0.005:
            gains.append(f"{best.win - other.win:.0%} more chance to win the game")
        if other.pays - best.pays >= 0.005:
            gains.append(f"{other.pays - best.pays:.0%} less risk of paying the stake")
        if not gains:
            return f"Across {deals}, {action} does as well as {runner}; {odds}."
        return f"Across {deals}, {action} gives you {' and '.join(gains)} than {runner}, the next best; {odds}."


def hint(view: dict[str, Any], coach: Coach | None = None) -> Hint:
    """The best action for this view and why (a coach with the default evaluator unless one is given)."""
    return (coach or Coach()).hint(view)


def review(record: Record, seat: int, start: int = 0, coach: Coach | None = None) -> list[ReviewItem]:
    """Each of ``seat``'s decisions in the record (from action ``start``) with its cost and the rule it breaks."""
    return (coach or Coach()).review(record, seat, start)
