"""A student's game of the class deal, as the contest table reports it to the class's results board.

When the app runs for a class, the teacher sets one deal and every student plays it at the practice lesson's
contest table (``?contest=1&deal=CODE``) against the same computer. Once the first game the student plays in it
is over, the table reports: the code, whether the student won, the score as the game counts it (the game's
presenter's ``deal_score``: points, or jetons) and each decision the Review judged — where it was taken (``at``: a
hash of every action before it, the same for every student who reached the same moment by the same play), what
the student chose, the coach's best choice and what the choice cost. The report is sealed in the kernel
(``progress.browser.Progress.class_result``), so a page cannot forge one.
"""
from __future__ import annotations

import hashlib
from typing import Any

from ..game import Game
from ..progress.browser import won
from .present import presenter
from .review import Judged, cost_text
from .snapshots import deal_end, seat_view


def moment(actions: list[str]) -> str:
    """The moment after ``actions`` (every seat's, from the deal code on), as a short key equal for every student
    who got there by the same play."""
    return hashlib.sha256("\n".join(actions).encode("utf-8")).hexdigest()[:16]


def _doing(shown: Any, action: str, view: dict[str, Any]) -> str:
    """An action as the review panel's list reads it, its cards by code: "play Al", "raise to 14"."""
    return " ".join([shown.review_doing(action, view), *shown.review_cards(action)])


def class_result(game: Game, seat: int, k: int, judged: Judged) -> dict[str, Any]:
    """The report of ``seat``'s game in deal ``k`` of ``game`` (dealt from the class deal's code), with the Review's
    verdicts ``judged`` on its decisions."""
    start, end = seat_view(game, seat, game.deals[k].first_event), game.view_at(seat, deal_end(game, k))
    outcome = end["deal"]["outcome"] or {}
    shown = presenter(end)
    chips_won = int(end["chips"][seat] - start["chips"][seat]) if end.get("chips") and start.get("chips") else 0
    score, unit = shown.deal_score(outcome, seat, chips_won)
    actions = list(game.record().actions)
    decisions = [{"at": moment(actions[:item.index]), "number": number, "where": shown.review_where(view),
                  "choice": _doing(shown, item.action, view), "best": _doing(shown, item.best, view),
                  "mistake": item.mistake, "cost": round(item.cost_win or 0.0, 3), "cost_words": cost_text(item)}
                 for number, (item, view) in enumerate(zip(*judged), start=1)]
    return {"kind": "result", "code": str(game.deal_code()), "won": won(outcome, seat), "score": score, "unit": unit,
            "decisions": decisions}
