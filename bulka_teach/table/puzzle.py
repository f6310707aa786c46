"""A position to solve: the learner at one seat finds the right move; refused moves are explained."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..progress.browser import page_progress, question_id
from ..records import Record
from .base import Controller, deal_code_text
from .present import caption, table_ui
from .snapshots import seat_view

TRY_AGAIN = "That move is allowed, but it is not the one wanted here. Try again."
UNMARKED_PROMPT = "Your move: click the card you choose (the table does not mark the legal ones here)."


class Puzzle(Controller):
    """``Puzzle(record, seat, answer, right, wrong)``: the table after ``record``, ``seat`` to move.

    A card click or a button is judged by the engine: a refused move shows the engine's explanation
    (notice ``refused``; nothing changes); a legal move in ``answer`` shows ``right`` (notice ``ok``),
    is played on the table and solves the puzzle; another legal move shows its own reason from
    ``reasons`` (by action string), else ``wrong`` (notice ``wrong``). ``answer`` holds action strings
    (``"play Kl"``, ``"pass"``) or one of them. ``moves`` asks for that many right moves in a row (two
    discards, say): after each but the last the table says how many remain, and the puzzle goes on with
    the answers still legal. ``marks=False`` lifts no legal card and words the prompt neutrally, for
    questions such as "click a card you may play".
    """

    def __init__(self, record: Record, seat: int, answer: str | Iterable[str], right: str, wrong: str = TRY_AGAIN,
                 title: str = "", marks: bool = True, reasons: Mapping[str, str] | None = None,
                 moves: int = 1) -> None:
        super().__init__()
        self.record = record
        self.seat = seat
        self.right, self.wrong, self.title, self.marks = right, wrong, title, marks
        self.reasons = dict(reasons or {})
        self.moves, self.made = moves, 0
        self.game = record.start()
        self._since = len(self.game.events)  # the caption tells what the record's last action did (if any)
        for action in record.actions:
            self._since = len(self.game.events)
            self.game.apply(action)
        if self.game.to_move != seat:
            raise ValueError(f"in this position seat {self.game.to_move} is to move, not seat {seat}: "
                             "a puzzle asks the seat to move")
        self.answers = {answer} if isinstance(answer, str) else set(answer)
        legal = set(self.game.legal_actions())
        illegal = sorted(self.answers - legal)
        if not self.answers or illegal:
            raise ValueError(f"the answer must be legal actions of this position; {illegal or 'none'} "
                             f"is not among {self.game.legal_actions()}")
        strangers = sorted(set(self.reasons) - (legal - self.answers))
        if strangers:
            raise ValueError(f"reasons are for the legal wrong moves; {strangers} are not among them")
        self.solved = False
        self.qid = question_id(right)  # a lesson's hidden twin of a puzzle has its words, and so its id
        page_progress().question(self.qid)
        self._redraw(None)

    def _redraw(self, notice: dict[str, Any] | None) -> None:
        view = seat_view(self.game, self.seat)
        text = caption(self.game.explain(e, self.seat) for e in self.game.events[self._since:])
        ui = table_ui(view, "play", self.seat, caption=text, notice=notice, interactive=not self.solved,
                      deal_code=deal_code_text(self.game), title=self.title)
        if not self.marks and not self.solved:
            ui.update(clickable={}, prompt=UNMARKED_PROMPT)
        self._draw(view, ui)

    def act(self, action: str) -> None:
        if self.solved:
            self._show_notice("info", "Solved already: " + self.right)
            return
        refusal = self.game.verdict(action, self.seat)
        if refusal is not None:
            self._show_notice("refused", refusal.message)
        elif action in self.answers:
            since = len(self.game.events)
            self.game.apply(action, self.seat)
            self.made += 1
            self.answers.discard(action)
            left = self.moves - self.made
            if left and self.game.to_move == self.seat:
                self.answers &= set(self.game.legal_actions())
                self._since = since
                more = "one more move" if left == 1 else f"{left} more moves"
                self._redraw(self._notice("ok", f"Right. {more.capitalize()} to go."))
                return
            self.solved, self._since = True, since
            self._answered(True, action)
            self._redraw(self._notice("ok", self.right))
        else:
            self._answered(False, action)
            self._show_notice("wrong", self.reasons.get(action, self.wrong))

    def _answered(self, right: bool, action: str) -> None:
        """Tell the browser's progress of a learner's move (a lesson's own checks, run on a twin, tell nothing)."""
        if self.from_learner:
            page_progress().answered(self.qid, right, self.title or "Find the move on the table", action)

    def control(self, name: str) -> None:
        self._show_notice("info", "Find the move: click a card of your hand, or a button.")

    # --- failures in handlers ----------------------------------------------------------------
    def _save(self) -> None:
        self._saved = (self.game.record(), self.solved, self._since, self.made, set(self.answers))

    def _recover(self) -> None:
        record, self.solved, self._since, self.made, self.answers = self._saved
        self.game = record.replay()
        self._redraw(None)
