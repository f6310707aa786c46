"""The card table in notebooks: steppers, puzzles, quizzes, practice against the computer, pass and play at one
device, a table shared with classmates at their own screens, pictures of cards.

Lessons use ``Stepper``, ``Puzzle``, ``Quiz``, ``Practice``, ``HotSeat``, ``Classmates`` and ``show_cards``; each
displays itself in a notebook and exposes its ``CardTable`` as ``.table`` (see ``widgets/README.md``).

The names are exported lazily (PEP 562): ``from bulka_teach.table import Practice, Quiz`` imports the practice
table's and the quiz's modules only, not the steppers', puzzles', pass and play's or the classmates' table. In the
static site every module is imported by the learner's browser on each visit of a page (about 0.1 s of its start
for the modules a practice page never uses).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names are, for type checkers and editors; at run time __getattr__ imports them
    from .classmates import Classmates
    from .hotseat import HotSeat
    from .pictures import Picture, show_cards
    from .practice import Practice
    from .puzzle import Puzzle
    from .quiz import Quiz
    from .rules_panel import RulesPanel
    from .stepper import Stepper
    from .widget import CardTable

# each exported name → the module of this package that defines it
_MODULES = {
    "CardTable": "widget", "Classmates": "classmates", "HotSeat": "hotseat", "Picture": "pictures",
    "Practice": "practice", "Puzzle": "puzzle", "Quiz": "quiz", "RulesPanel": "rules_panel", "Stepper": "stepper",
    "show_cards": "pictures",
}

__all__ = ["CardTable", "Classmates", "HotSeat", "Picture", "Practice", "Puzzle", "Quiz", "RulesPanel", "Stepper",
           "show_cards"]


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # once found, a plain attribute: the next lookup does not come here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
