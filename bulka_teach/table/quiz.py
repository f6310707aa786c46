"""A checked multiple-choice question: one row of toggle buttons and a feedback line."""
from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..cards import MARIAS, CardError, Pack
from ..progress.browser import page_progress, question_id


def choice_label(choice: Any, pack: Pack = MARIAS) -> str:
    """How a choice reads on its button: a card code of ``pack`` becomes its name (``Oh — over (svršek) of
    hearts``)."""
    if isinstance(choice, str):
        try:
            card = pack.card(choice)
        except CardError:
            return choice
        return f"{choice} — {pack.describe(card)}"
    return str(choice)


class Quiz:
    """``Quiz(question, choices, answer, explain, reasons)``: pick one choice; right when it is (one of) ``answer``.

    ``answer`` is one choice or a set of choices (any of them is right); a right pick shows ``explain``.
    ``reasons`` gives every wrong choice its own one-line reason, shown when it is picked, so that a wrong
    answer teaches too; the learner may then try again. A wrong choice without a reason, or a reason for a
    value that is no choice, is refused when the quiz is written.
    """

    def __init__(self, question: str, choices: Sequence[Any], answer: Any, explain: str,
                 reasons: Mapping[Any, str], pack: Pack = MARIAS) -> None:
        self.question = question
        self.pack = pack
        self.choices = list(choices)
        answers = _as_set(answer)
        missing = [a for a in answers if a not in self.choices]
        if not self.choices or missing:
            raise ValueError(f"the answer {sorted(map(str, missing))} must be among the choices {self.choices}")
        if not explain.strip():
            raise ValueError("a quiz explains its right answer: give explain")
        wrong = [c for c in self.choices if c not in answers]
        unexplained = [c for c in wrong if not str(reasons.get(c, "")).strip()]
        strangers = [r for r in reasons if r not in self.choices]
        if unexplained or strangers:
            raise ValueError(f"every wrong choice needs its own reason: {unexplained} have none"
                             + (f", and {strangers} are not choices" if strangers else ""))
        self.answers = answers
        self.explain = explain
        self.reasons = dict(reasons)
        self.chosen: Any = None
        self.attempts = 0
        self.buttons = widgets.ToggleButtons(options=[(choice_label(c, pack), i) for i, c in enumerate(self.choices)],
                                             value=None, style={"button_width": "auto"})
        self.buttons.add_class("bt-quiz-choices")
        self.feedback = widgets.HTML("")
        self.feedback.add_class("bt-quiz-feedback")
        self.widget = widgets.VBox([widgets.HTML(f"<b>{html.escape(question)}</b>"), self.buttons, self.feedback])
        self.widget.add_class("bt-quiz")
        self.buttons.observe(self._picked, names="value")
        self.qid = question_id(question)
        page_progress().question(self.qid)  # the browser keeps which questions of the lesson were answered

    @property
    def correct(self) -> bool | None:
        """True when the last pick is right, False when wrong, None before any pick."""
        return None if self.chosen is None else self.chosen in self.answers

    def answer_with(self, choice: Any) -> bool:
        """Pick ``choice`` as the learner would; returns whether it is right."""
        if choice not in self.choices:
            raise ValueError(f"{choice!r} is not one of the choices: {self.choices}")
        index = self.choices.index(choice)
        if self.buttons.value == index:  # the same pick again: check it again
            self._check(index)
        else:
            self.buttons.value = index
        return bool(self.correct)

    def _picked(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self._check(change["new"])

    def _check(self, index: int) -> None:
        self.chosen = self.choices[index]
        self.attempts += 1
        label = html.escape(choice_label(self.chosen, self.pack))
        if self.correct:
            text = f"✔ Right: {label}. {html.escape(self.explain)}"
        else:
            text = f"✘ Not {label}: {html.escape(self.reasons[self.chosen])} Try another answer."
        page_progress().answered(self.qid, bool(self.correct), self.question, choice_label(self.chosen, self.pack))
        kind, colour = ("ok", "#1a7f37") if self.correct else ("wrong", "#b3261e")
        self.feedback.value = (f'<div class="bt-quiz-{kind}" role="status" aria-live="polite" '
                               f'style="color: {colour}; font-weight: 600">{text}</div>')

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"Quiz({self.question!r}, {len(self.choices)} choices)"


def _as_set(answer: Any) -> set[Any]:
    return set(answer) if isinstance(answer, Iterable) and not isinstance(answer, str) else {answer}
