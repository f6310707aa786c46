"""The card table in notebooks: steppers, puzzles, quizzes, practice against the computer, pass and play at one
device, a table shared with classmates at their own screens, pictures of cards.

Lessons use ``Stepper``, ``Puzzle``, ``Quiz``, ``Practice``, ``HotSeat``, ``Classmates`` and ``show_cards``; each
displays itself in a notebook and exposes its ``CardTable`` as ``.table`` (see ``widgets/README.md``).
"""
from .classmates import Classmates
from .hotseat import HotSeat
from .pictures import Picture, show_cards
from .practice import Practice
from .puzzle import Puzzle
from .quiz import Quiz
from .rules_panel import RulesPanel
from .stepper import Stepper
from .widget import CardTable

__all__ = ["CardTable", "Classmates", "HotSeat", "Picture", "Practice", "Puzzle", "Quiz", "RulesPanel", "Stepper",
           "show_cards"]
