"""The coach: a hint for the position in front of the learner, and a review of a hand after it.

Both see only what the learner saw. ``hint(view)`` takes the learner's view; ``review(record, seat)``
replays the record to each of the seat's decisions and takes ``game.view(seat)`` there. The loop is the
same for every game; what it needs of one is a ``Teacher`` (the game's ``GameAI.teacher``): an evaluator —
by default the game's sampling bot, which deals the hidden cards many ways consistent with the view and
solves each deal exactly —, the teaching rules' advice, which name the rule a weak decision breaks, each
rule's lesson, and the situation in words.

Best means the sampling bot's utility: the chips a choice brings over the bulka (a game won moves the streak
towards the bank, a declarer who falls pays the stake; ``bots.sampling.Stakes``) and what a game won is worth
beyond them, with the final points margin separating near-equal choices. A hint and a review of the same
decision value it alike: the game's evaluator draws each view's worlds from the coach's seed and that view
alone, so ``hint(view)`` and the review item of that very view name the same best action.
What the table draws:
``Hint(action, why, rule, values)`` and, per decision, a ``ReviewItem`` with the decision's index in the
record, the view-time situation, the action taken and the best one, the cost in points and in chance to
win, the teaching rule broken, and a sentence for the learner.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..records import Record
from ..registry import game_spec
from .sampling import Estimate, Evaluation, deals_text

#: A decision whose utility is within this of the best one's is as good (sampling noise): 1% of a stake.
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
    cost_chips: float | None = None  # expected chips over the bulka given away (None: the game counts none)


class Teacher(Protocol):
    """What the coach needs of a game (``GameAI.teacher``)."""

    def evaluator(self, level: str, seed: int) -> Evaluator:
        """The evaluator the coach uses unless it is given one (the game's sampling bot at ``level``)."""

    def advice(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        """(rule name, action) for each teaching rule that advises something here, in the rules' order."""

    def lesson(self, rule: str) -> str:
        """The sentence of the teaching rule named ``rule``."""

    def describe(self, view: dict[str, Any]) -> str:
        """The view's situation in a sentence for the learner."""


def teacher_of(game: str) -> Teacher:
    """The teacher of a game, by id (its spec's ``ai``); a ValueError when the game has no computer players."""
    ai = game_spec(game).ai
    if ai is None:
        raise ValueError(f"{game} has no computer players or coach yet")
    return ai.teacher  # type: ignore[no-any-return]


def tolerance(teacher: Teacher) -> float:
    """How far below the best an action may be valued and still count as good: the teacher's ``tolerance`` if
    it has one (a game that values actions in jetons), else ``UTILITY_TOLERANCE``."""
    return float(getattr(teacher, "tolerance", UTILITY_TOLERANCE))


def said(teacher: Teacher, action: str) -> str:
    """An action as a sentence names it: the teacher's ``say`` if it has one (Bouillotte: "raise 14" → "raise to
    14"), else the action string itself ("play Ah")."""
    say = getattr(teacher, "say", None)
    return say(action) if say is not None else action


def best_with_rule(teacher: Teacher, view: dict[str, Any], evaluation: Evaluation) -> tuple[str, str | None]:
    """The best action and the teaching rule behind it. Among the actions as good as the top one (within
    ``tolerance``), the one a teaching rule recommends is preferred, so hints teach the rules."""
    estimates = evaluation.estimates
    ranked = evaluation.ranked()
    top = estimates[ranked[0]].utility
    near = {a for a in ranked if top - estimates[a].utility <= tolerance(teacher)}
    for rule, action in teacher.advice(view):
        if action in near:
            return action, rule
    return ranked[0], None


def rule_against(teacher: Teacher, view: dict[str, Any], taken: str) -> str | None:
    """The first teaching rule that advised something other than ``taken`` here."""
    return next((rule for rule, action in teacher.advice(view) if action != taken), None)


def lesson_text(teacher: Teacher, rule: str | None) -> str:
    """What a coach's sentence ends with when it names a teaching rule: " Teaching rule R: its sentence"."""
    return f" Teaching rule {rule}: {teacher.lesson(rule)}" if rule is not None else ""


class Coach:
    """Hints and reviews of any game, valued by ``evaluator`` (by default the game's sampling bot at ``level``)
    and taught by the game's ``Teacher`` (``teacher`` overrides it)."""

    def __init__(self, evaluator: Evaluator | None = None, level: str = "medium", seed: int = 0,
                 teacher: Teacher | None = None) -> None:
        self.given = evaluator
        self.level, self.seed = level, seed
        self.teacher_given = teacher
        self._evaluators: dict[str, Evaluator] = {}

    def teacher(self, view: dict[str, Any]) -> Teacher:
        return self.teacher_given or teacher_of(view["game"])

    def evaluator(self, view: dict[str, Any]) -> Evaluator:
        """The evaluator for the view's game: the one given, else the game's (made once per game)."""
        if self.given is not None:
            return self.given
        game = view["game"]
        if game not in self._evaluators:
            self._evaluators[game] = self.teacher(view).evaluator(self.level, self.seed)
        return self._evaluators[game]

    def hint(self, view: dict[str, Any]) -> Hint:
        """The best action for the seat whose view this is, and why."""
        legal = view.get("legal") or []
        if not legal:
            raise ValueError("there is nothing to hint: this view asks nothing of its seat (view['legal'] is empty)")
        evaluation = self.evaluator(view).evaluate(view) if len(legal) > 1 else None
        if evaluation is None or not evaluation.estimates:
            only = said(self.teacher(view), legal[0])
            return Hint(legal[0], f"{only[:1].upper()}{only[1:]} is the only thing you may do now.", None, {})
        teacher = self.teacher(view)
        best, rule = best_with_rule(teacher, view, evaluation)
        words = getattr(teacher, "why_best", None)  # a game that tells its own averages (Bouillotte's jetons)
        why = words(best, evaluation, view) if words is not None else self._why_best(teacher, best, evaluation)
        return Hint(best, why + lesson_text(teacher, rule), rule, dict(evaluation.estimates))

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
        evaluation = self.evaluator(view).evaluate(view)
        estimates = evaluation.estimates
        if not estimates:
            return None
        teacher = self.teacher(view)
        describe = teacher.describe
        best, rule = best_with_rule(teacher, view, evaluation)
        top = estimates[best]
        deals = deals_text(evaluation.worlds)
        taken = estimates.get(action)
        taken_said, best_said = said(teacher, action), said(teacher, best)  # as the sentences name them
        rule = rule or rule_against(teacher, view, action)
        if taken is None:  # e.g. a discard the sampling bot did not think worth valuing
            sentence = (f"{taken_said}: the cards worth considering here were others; {best_said} was best over "
                        f"{deals}." + lesson_text(teacher, rule))
            return ReviewItem(index, describe(view), view, action, best, None, None, rule, sentence, True)
        cost_win = max(0.0, top.win - taken.win)
        cost_points = None if top.margin is None or taken.margin is None else max(0.0, top.margin - taken.margin)
        cost_chips = None if top.chips is None or taken.chips is None else max(0.0, top.chips - taken.chips)
        if estimates[evaluation.ranked()[0]].utility - taken.utility <= tolerance(teacher):
            sentence = (f"{taken_said}: good — as good as any choice here (over {deals})." if action == best else
                        f"{taken_said}: fine — {best_said} was worth only a little more (over {deals}).")
            return ReviewItem(index, describe(view), view, action, best, cost_points, cost_win, None, sentence, False,
                              cost_chips)
        cost_words = getattr(teacher, "cost_words", None)  # a game that counts its own costs (jetons this deal)
        costs = [cost_words(cost_chips, cost_win)] if cost_words is not None else []
        if cost_words is None and cost_chips is not None and cost_chips >= 0.05:
            costs.append(f"{cost_chips:.1f} chips over the bulka on average")
        if cost_words is None and cost_points is not None and cost_points >= 0.05:
            costs.append(f"{cost_points:.1f} points on average")
        if cost_words is None and cost_win >= 0.005:
            costs.append(f"{cost_win:.0%} of your chance to win the game")
        if cost_words is None and taken.pays - top.pays >= 0.005:
            costs.append(f"{taken.pays - top.pays:.0%} more risk of paying the stake")
        sentence = f"{taken_said} cost you {' and '.join(costs) or 'a little'} against {best_said} (over {deals})."
        if rule is None:
            sentence += (" The teaching rules would have chosen as you did; the possible deals show that "
                         f"{best_said} does better here.")
        sentence += lesson_text(teacher, rule)
        return ReviewItem(index, describe(view), view, action, best, cost_points, cost_win, rule, sentence, True,
                          cost_chips)

    @staticmethod
    def _why_best(teacher: Teacher, action: str, evaluation: Evaluation) -> str:
        estimates = evaluation.estimates
        best = estimates[action]
        deals = deals_text(evaluation.worlds)
        odds = f"you win the game in {best.win:.0%} of them"
        others = [a for a in evaluation.ranked() if a != action]
        if not others:
            return f"Across {deals}, {said(teacher, action)}: {odds}."
        other = estimates[others[0]]
        action, runner = said(teacher, action), said(teacher, others[0])
        gains = []
        if best.chips is not None and other.chips is not None and best.chips - other.chips >= 0.05:
            gains.append(f"{best.chips - other.chips:.1f} chips more over the bulka on average")
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
