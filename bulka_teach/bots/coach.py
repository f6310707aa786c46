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
from .sampling import Estimate, Evaluation
from .words import amount, difference, in_how_many, ways

#: A decision whose utility is within this of the best one's is as good: 1% of a stake.
UTILITY_TOLERANCE = 0.01
#: Two actions whose utilities differ by less than this many standard errors of the worlds' luck (the jackknife's
#: ``Evaluation.noise``) are about equal: the ways the hidden cards were drawn could have put either first.
NOISE_Z = 2.0
#: The ways the hidden cards might lie that the coach values each decision over: twice the medium bot's, so that
#: fewer differences are lost in the luck of the draw (a Czech hint: median 0.15 s, p90 0.8 s on 2 cores).
COACH_WORLDS = 32


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
    equal: tuple[str, ...] = ()  # the other actions about as good (within the worlds' luck): a review calls none a
    # mistake


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
    worlds: int = 0  # how many ways the hidden cards might lie the decision was valued over


class Teacher(Protocol):
    """What the coach needs of a game (``GameAI.teacher``)."""

    def evaluator(self, level: str, seed: int, worlds: int) -> Evaluator:
        """The evaluator the coach uses unless it is given one (the game's sampling bot at ``level``, valuing each
        decision over ``worlds`` worlds drawn from ``seed`` and the view alone)."""

    def advice(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        """(rule name, action) for each teaching rule that advises something here, in the rules' order."""

    def lesson(self, rule: str) -> str:
        """The sentence of the teaching rule named ``rule``."""

    def describe(self, view: dict[str, Any]) -> str:
        """The view's situation in a sentence for the learner."""


def teacher_of(game: str) -> Teacher:
    """The teacher of a game, by id (its spec's ``ai``); a ValueError when the game has no computer players."""
    spec = game_spec(game)
    if spec.ai is None:
        raise ValueError(f"{spec.title} has no computer players or coach yet")
    ai = spec.ai
    return ai.teacher  # type: ignore[no-any-return]


def tolerance(teacher: Teacher) -> float:
    """How far below the best an action may be valued and still count as good: the teacher's ``tolerance`` if
    it has one (a game that values actions in jetons), else ``UTILITY_TOLERANCE``."""
    return float(getattr(teacher, "tolerance", UTILITY_TOLERANCE))


def said(teacher: Teacher, action: str) -> str:
    """An action as a sentence names it: the teacher's ``say`` if it has one (Bouillotte: "raise 14" → "raise to
    14"; Czech Bulka: "play Ah" → "Ah"), else the action string itself."""
    say = getattr(teacher, "say", None)
    return say(action) if say is not None else action


def about_best(teacher: Teacher, evaluation: Evaluation) -> list[str]:
    """The actions about as good as the top one, in ranked order: within the teacher's ``tolerance`` of its utility,
    or within ``NOISE_Z`` standard errors of the worlds' luck (``Evaluation.noise``). The hint chooses among them and
    the review calls none of them a mistake: one verdict per decision."""
    ranked = evaluation.ranked()
    top = ranked[0]
    best = evaluation.estimates[top].utility
    return [a for a in ranked
            if best - evaluation.estimates[a].utility <= max(tolerance(teacher), NOISE_Z * evaluation.noise(top, a))]


def best_with_rule(teacher: Teacher, view: dict[str, Any], evaluation: Evaluation) -> tuple[str, str | None]:
    """The best action and the teaching rule behind it. Among the actions about as good as the top one
    (``about_best``), the one a teaching rule recommends is preferred, so hints teach the rules."""
    near = about_best(teacher, evaluation)
    for rule, action in teacher.advice(view):
        if action in near:
            return action, rule
    return near[0], None


def _beats(teacher: Teacher, evaluation: Evaluation, a: str, b: str) -> bool:
    """Whether action ``a`` did better than ``b`` beyond the tolerance and the worlds' luck (as ``about_best`` counts
    a difference): a rule advising ``a`` would have helped a learner who chose ``b``."""
    estimates = evaluation.estimates
    if a not in estimates or b not in estimates:
        return False
    gap = estimates[a].utility - estimates[b].utility
    return gap > max(tolerance(teacher), NOISE_Z * evaluation.noise(a, b))


def rule_words(rule: str) -> str:
    """A teaching rule's name as a learner reads it: "lead-a-sure-winner" → "lead a sure winner"."""
    return rule.replace("-", " ")


def lesson_text(teacher: Teacher, rule: str | None) -> str:
    """What a coach's sentence ends with when it names a teaching rule: " Rule of thumb “R”: its sentence"."""
    return f" Rule of thumb “{rule_words(rule)}”: {teacher.lesson(rule)}" if rule is not None else ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Coach:
    """Hints and reviews of any game, valued by ``evaluator`` (by default the game's sampling bot at ``level``)
    and taught by the game's ``Teacher`` (``teacher`` overrides it)."""

    def __init__(self, evaluator: Evaluator | None = None, level: str = "medium", seed: int = 0,
                 teacher: Teacher | None = None, worlds: int | None = None) -> None:
        self.given = evaluator
        self.level, self.seed, self.worlds = level, seed, worlds
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
            teacher = self.teacher(view)
            worlds = self.worlds or int(getattr(teacher, "worlds", COACH_WORLDS))  # a game's own count, if cheap
            self._evaluators[game] = teacher.evaluator(self.level, self.seed, worlds)
        return self._evaluators[game]

    def hint(self, view: dict[str, Any]) -> Hint:
        """The best action for the seat whose view this is, and why."""
        legal = view.get("legal") or []
        if not legal:
            raise ValueError("there is nothing to hint: this view asks nothing of its seat (view['legal'] is empty)")
        evaluation = self.evaluator(view).evaluate(view) if len(legal) > 1 else None
        if evaluation is None or not evaluation.estimates:
            # the table names the action in its own words before this ("Hint: Do not exchange."): the coach's name
            # for it could differ ("pass")
            return Hint(legal[0], "It is your only choice here.", None, {})
        teacher = self.teacher(view)
        best, rule = best_with_rule(teacher, view, evaluation)
        equal = tuple(a for a in about_best(teacher, evaluation) if a != best)
        words = getattr(teacher, "why_best", None)  # a game that tells its own averages (Bouillotte's jetons)
        why = words(best, evaluation, view, equal) if words is not None else self._why_best(teacher, best, evaluation,
                                                                                             equal)
        return Hint(best, why + lesson_text(teacher, rule), rule, dict(evaluation.estimates), equal)

    def review(self, record: Record, seat: int, start: int = 0) -> list[ReviewItem]:
        """Every decision ``seat`` made in the record from action ``start`` on (those with a choice), judged from
        the seat's view then. The table passes the index of the hand's first action to review that hand only."""
        game = record.start()
        items = []
        for index, action in enumerate(record.actions):
            if game.to_move == seat and index >= start:
                view = game.view(seat)
                if len(view["legal"]) > 1:
                    item = self.judge(index, view, action)
                    if item is not None:
                        items.append(item)
            game.apply(action)
        return items

    def judge(self, index: int, view: dict[str, Any], action: str) -> ReviewItem | None:
        """One decision: ``action`` taken at ``view`` (the seat's own view then), as decision ``index``; None when the
        sampling bot valued no choice there. A shared table's kernel judges its own frames with it."""
        evaluation = self.evaluator(view).evaluate(view)
        estimates = evaluation.estimates
        if not estimates:
            return None
        teacher = self.teacher(view)
        situation = teacher.describe(view)
        best, rule = best_with_rule(teacher, view, evaluation)
        top, n = estimates[best], evaluation.worlds
        taken = estimates.get(action)
        taken_said, best_said = said(teacher, action), said(teacher, best)  # as the sentences name them
        if taken is None:  # e.g. a discard the sampling bot did not think worth valuing
            sentence = (f"{_capital(taken_said)}: the choices worth considering here were others; over {ways(n)}, "
                        f"{best_said} did best." + lesson_text(teacher, rule))
            return ReviewItem(index, situation, view, action, best, None, None, rule, sentence, True, worlds=n)
        cost_win = max(0.0, top.win - taken.win)
        cost_points = None if top.margin is None or taken.margin is None else max(0.0, top.margin - taken.margin)
        cost_chips = None if top.chips is None or taken.chips is None else max(0.0, top.chips - taken.chips)
        if action in about_best(teacher, evaluation):
            sentence = (f"{_capital(taken_said)}: good — as good as any choice here (over {ways(n)})."
                        if action == best else
                        f"{_capital(taken_said)}: fine — about as good as {best_said} (over {ways(n)}, the difference "
                        "is within the luck of how the cards were tried).")
            return ReviewItem(index, situation, view, action, best, cost_points, cost_win, None, sentence, False,
                              cost_chips, n)
        cost_words = getattr(teacher, "cost_words", None)  # a game that counts its own costs (jetons this deal)
        how = f"it {cost_words(top, taken, n)}" if cost_words is not None else _versus(best_said, top, taken_said,
                                                                                        taken, n)
        sentence = f"{_capital(taken_said)} did worse than {best_said} over {ways(n)}: {how}."
        advice = teacher.advice(view)
        if rule is None:  # no rule advised a choice as good as the best: one whose choice beats the learner's
            rule = next((r for r, advised in advice if _beats(teacher, evaluation, advised, action)), None)
        followed = next((r for r, advised in advice if advised == action), None)
        if rule is None and followed is not None:
            sentence += (f" You followed the rule of thumb “{rule_words(followed)}”, which is usually right; here "
                         f"the ways the cards might lie show that {best_said} does better.")
        sentence += lesson_text(teacher, rule)
        return ReviewItem(index, situation, view, action, best, cost_points, cost_win, rule, sentence, True,
                          cost_chips, n)

    @staticmethod
    def _why_best(teacher: Teacher, action: str, evaluation: Evaluation, equal: tuple[str, ...]) -> str:
        """Why the hinted action, in figures a learner reads: over how many ways the hidden cards might lie, how
        often it won the game, and what it brings over the next best (or that the closest did about as well)."""
        estimates = evaluation.estimates
        best, n = estimates[action], evaluation.worlds
        name = said(teacher, action)
        over = f"Over {ways(n)}, each played out with every card face up"
        others = [a for a in evaluation.ranked() if a != action]
        if all(e.win == 0 for e in estimates.values()) and others:  # lost whatever is played: no verdict on it
            runner = estimates[others[0]]
            margin = ""
            if best.margin is not None and runner.margin is not None and best.margin - runner.margin >= 0.25:
                margin = f", {amount(best.margin - runner.margin, 'point')} fewer than {said(teacher, others[0])}"
            return (f"{over}, this game was lost whatever you play: the cards you cannot see are likely the stronger "
                    f"ones. Make the loss small: {name} loses by the least{margin}.")
        if not others:
            return f"{over}, {name} won the game {in_how_many(best.win, n)}{NOT_A_PROMISE if best.win == 1 else ''}."
        if equal:
            other = said(teacher, equal[0])
            more = f" ({len(equal) - 1} other choice{'s' if len(equal) > 2 else ''} too)" if len(equal) > 1 else ""
            return (f"{over}, {_both_won(name, best, other, estimates[equal[0]], n)}: too close to call on "
                    f"these tries, so {other} would do about as well{more}.")
        next_best = said(teacher, others[0]) + ", the next best,"
        return f"{over}, {_versus(name, best, next_best, estimates[others[0]], n)}."


#: Said after "won the game in all 32": a count of worlds played with every card seen is no promise.
NOT_A_PROMISE = " (played with every card seen: a strong sign, not a promise)"


def _both_won(better: str, one: Estimate, other_name: str, other: Estimate, n: int) -> str:
    """How often each of two actions won the game over ``n`` worlds: "Ab won the game in 12 of them and Ob in 10"."""
    sure = NOT_A_PROMISE if one.win == 1 else ""
    mine, theirs = in_how_many(one.win, n), in_how_many(other.win, n)
    if mine == theirs:
        return f"{better} and {other_name} both won the game {mine}{sure}"
    return f"{better} won the game {mine}{sure} and {other_name} {theirs.removesuffix(' of them')}"


def _versus(better: str, one: Estimate, other_name: str, other: Estimate, n: int) -> str:
    """How action ``better`` (estimate ``one``) did against another over ``n`` worlds, in figures a learner reads:
    how often each won the game, then what ``better`` also brought (the stake paid less often, chips with the stake
    and the bank counted, points), rounded to what the sampling can tell."""
    text = _both_won(better, one, other_name, other, n)
    also = []
    paid = difference(one.pays - other.pays, n)
    if paid is not None and one.pays < other.pays:
        also.append(f"paid the stake {paid}")
    if one.chips is not None and other.chips is not None and one.chips - other.chips >= 0.25:
        also.append(f"brought {amount(one.chips - other.chips, 'chip')} more on average (the stake and the bank "
                    "counted)")
    if one.margin is not None and other.margin is not None and one.margin - other.margin >= 0.25:
        also.append(f"scored {amount(one.margin - other.margin, 'point')} more on average")
    if also:
        text += f"; {better} also {' and '.join(also)}"
    return text


def hint(view: dict[str, Any], coach: Coach | None = None) -> Hint:
    """The best action for this view and why (a coach with the default evaluator unless one is given)."""
    return (coach or Coach()).hint(view)


def review(record: Record, seat: int, start: int = 0, coach: Coach | None = None) -> list[ReviewItem]:
    """Each of ``seat``'s decisions in the record (from action ``start``) with its cost and the rule it breaks."""
    return (coach or Coach()).review(record, seat, start)
