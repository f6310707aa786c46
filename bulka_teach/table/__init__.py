"""The card table in notebooks: steppers, puzzles, quizzes, practice against the computer, pictures of cards.

Lessons use ``Stepper``, ``Puzzle``, ``Quiz``, ``Practice`` and ``show_cards``; each displays itself
in a notebook and exposes its ``CardTable`` as ``.table`` (see ``widgets/README.md``).
"""
from .quiz import Quiz
from .stepper import Stepper
from .widget import CardTable

__all__ = ["CardTable", "Quiz", "Stepper"]
