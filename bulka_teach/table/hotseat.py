"""Pass and play: two to five people at one device (and the computer in any other seat), each seeing only their own
cards, with no server.

The device goes round the table. Whenever a person is asked who did not see the table last, the table is covered:
the felt is the spectator's view (``game.view(None)``: every hand face down), the caption tells what happened in the
spectator's words, and the prompt says "Pass the device to Ben — press when Ben is ready" with one button, "I am
Ben: show my cards". Only then is Ben's own view drawn, with what happened since his last move in his words. When
the same person is asked again (or only the computer acted in between) the table stays uncovered.

A finished deal stays on the table, from the spectator's view (what the rules show everyone: a showdown, the
score), until someone presses Continue; a session runs to its natural end (a bulka won, a Bouillotte session over;
Trappola's two players play Partie after Partie for points). Review asks whose decisions to judge and covers the
table until that person is ready; the review panel holds only that person's own views. Hint advises the person
whose turn it is, from that person's view. There is no Undo: a card laid is laid, and taking it back after the
device changed hands would show one player what another held. The deal code is shown once the session is over (a
code deals every hand). The seats are set in the "Who sits at the table" form under the table (``SeatsForm``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import ipywidgets as widgets

from ..bots import Bot, Coach, GameAI
from ..errors import IllegalAction, ScenarioError
from ..game import Game
from ..house_rules import HouseRules
from ..quoting import whole_number
from ..records import Record
from ..registry import game_spec
from .base import Controller, deal_code_text, deal_record
from .present import View, advice_words, caption, control, presenter, table_ui
from .review import Judged, OpenReview, judge_deal, review_frame
from .rules_panel import RulesPanel
from .seats_form import SeatsForm, seating_problem
from .snapshots import deal_end, seat_view
from .turns import bot_seed, computers_play, deal_coach, deal_ended

GAME = "czech-bulka"
READY = "show-me"  # the cover's one button: the person asked is ready to see their own table
REVIEW_FOR = "review-for"  # "review-for 1": the coach reviews seat 1's decisions (asked when several people played)
Purpose = Literal["turn", "review"]  # what the person the cover waits for will see: their turn, or their review


@dataclass(frozen=True)
class Cover:
    """The table is covered until ``seat``'s person presses the cover's button."""

    seat: int
    purpose: Purpose = "turn"


@dataclass
class _State:
    """Where the session is, besides its game: what the table shows, to whom, and from which event it tells."""

    shown: int | None = None  # the finished deal on the table, until Continue
    finished: bool = False  # the session is over
    holder: int | None = None  # the person whose own table is shown; None: covered, or a table for everyone
    cover: Cover | None = None
    since: dict[int, int] = field(default_factory=dict)  # per person: their table tells the events from here on
    told: int = 0  # a table for everyone (covered, or a finished deal) tells the events from here on
    review: OpenReview | None = None
    review_seat: int = 0  # whose review is open
    asking_whose: bool = False  # the finished deal asks whose decisions to review
    asked: set[tuple[int, int]] = field(default_factory=set)  # (deal, seat) asked whether to declare a meld

    def copy(self) -> _State:
        return replace(self, since=dict(self.since), asked=set(self.asked))


@dataclass(frozen=True)
class _Saved:
    """What a failed handler restores."""

    record: Record
    state: _State
    rules: HouseRules
    players: tuple[str, ...]
    computers: dict[int, str]


class HotSeat(Controller):
    """``HotSeat(players=("Ann", "Ben"), computers=None, game="czech-bulka", rules=None, code=None, title="",
    coach=None, ask_to_declare=True)``.

    ``players`` names every seat; ``computers`` maps the seats the computer plays to a level of the game's
    ``GameSpec.ai.opponents`` (the other seats are people at this device). ``rules`` overrides house rules;
    ``code`` deals a given deal code (its rules win). ``coach`` replaces the coach seeded from the deal (tests).
    ``ask_to_declare`` as for ``Practice``. A bad seating raises ValueError with the sentence the form would show.
    """

    def __init__(self, players: Sequence[str] = ("Ann", "Ben"), computers: Mapping[int, str] | None = None,
                 game: str = GAME, rules: dict[str, Any] | None = None, code: str | None = None, title: str = "",
                 coach: Coach | None = None, ask_to_declare: bool = True) -> None:
        super().__init__()
        self.spec = spec = game_spec(game)
        if spec.ai is None or spec.presenter is None:
            raise ValueError(f"{spec.title} has no computer players yet: it cannot be played here")
        self.ai: GameAI = spec.ai
        names, computers = tuple(name.strip() for name in players), dict(computers or {})
        problem = seating_problem(spec.players, self.ai.opponents, names, computers)
        if problem:
            raise ValueError(problem)
        self.players, self.computers = names, computers
        self.title, self.coach, self.ask_to_declare = title, coach, ask_to_declare
        self.coached = coach is not None or self.ai.teacher is not None
        self.reviewed = self.ai.teacher is not None
        self.words: dict[str, str] = spec.presenter.PRACTICE_WORDS
        self.rules = spec.rules_class.from_dict(rules)  # a bad option: ScenarioError naming it
        self.panel = RulesPanel(self.rules, on_deal=lambda values: self._guarded(self.deal_with_rules, values))
        self.form = SeatsForm(spec.players, self.ai.opponents, self.players, self.computers,
                              on_sit=lambda *seating: self._guarded(self.sit_down, *seating))
        self._widget = widgets.VBox([self.table, self.form.widget, self.panel.widget])
        self._widget.add_class("bt-hotseat")
        self.new_deal(code)

    @property
    def widget(self) -> widgets.VBox:
        return self._widget

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play at this device."""
        return tuple(seat for seat in range(len(self.players)) if seat not in self.computers)

    @property
    def deal_code(self) -> str | None:
        """The code that deals this session again (kept off the table until the session is over)."""
        return deal_code_text(self.game)

    @property
    def viewer(self) -> int | None:
        """The seat whose own view the table shows now; None while it shows only what everyone may see."""
        if self.s.review is not None:
            return self.s.review_seat
        return self.s.holder if self.s.cover is None and self.s.shown is None else None

    @property
    def covered(self) -> Cover | None:
        return self.s.cover

    @property
    def finished(self) -> bool:
        return self.s.finished

    # --- seating and dealing -----------------------------------------------------------------
    def sit_down(self, names: Sequence[str], computers: Mapping[int, str], code: str | None = None) -> None:
        """Seat the table anew (what the form's button does) and deal; a bad seating is refused and changes nothing."""
        names = tuple(str(name).strip() for name in names)
        problem = seating_problem(self.spec.players, self.ai.opponents, names, computers)
        if problem:
            self._show_notice("refused", problem)
            return
        self.players, self.computers = names, dict(computers)
        self.form.show(self.players, self.computers)
        self.new_deal(code)

    def new_deal(self, code: str | None = None) -> None:
        """A new session at the same seats: the deal of ``code`` (a bad code: a notice and a fresh deal), else fresh."""
        record, problem = deal_record(self.spec, self.players, self.rules, code)
        self.game: Game = record.start()
        self.rules = self.game.rules
        self.panel.show(self.rules)
        self.s = _State(since={seat: 0 for seat in self.people})
        self._judged: dict[tuple[int, int, tuple[str, ...]], Judged] = {}
        self._advance(len(self.game.deals))
        self._redraw(self._notice("refused", problem) if problem else None)

    def deal_with_rules(self, values: dict[str, Any]) -> None:
        """A new session with these house rules (what the panel's button does)."""
        try:
            rules = self.spec.rules_class.from_dict(values)
        except ScenarioError as err:
            self._show_notice("refused", f"These house rules cannot be used: {err}.")
            return
        self.rules = rules
        self.new_deal()
        self._show_notice("info", f"A new deal with these house rules (rules id {rules.rules_id}).")

    # --- the people's input ------------------------------------------------------------------
    def act(self, action: str) -> None:
        """A button: the cover's, whose review, or the person's action (a refusal: the engine's sentence, no change)."""
        s = self.s
        if s.review is not None:
            self._show_notice("refused", self._reviewing_text())
        elif s.cover is not None:
            if action == READY:
                self._uncover()
            else:
                self._show_notice("info", self._covered_text(s.cover))
        elif s.asking_whose and action.startswith(REVIEW_FOR + " "):
            self._review_for(action.removeprefix(REVIEW_FOR + " "))
        elif s.shown is not None or s.holder is None:
            self._show_notice("info", self._status())
        else:
            self._play(action, s.holder)

    def _play(self, action: str, seat: int) -> None:
        if self._ask_first(action, seat):
            return
        game = self.game
        start, deals = len(game.events), len(game.deals)
        try:
            game.apply(action, seat)
        except IllegalAction as err:
            self._show_notice("refused", err.message)
            return
        self.s.since[seat] = self.s.told = start
        nxt = game.to_move
        if len(game.deals) == deals and nxt in self.computers and self.computers[nxt] != self.ai.default:
            self._thinking()  # the sampling bot may think for a second or two
        self._advance(deals)
        self._redraw()

    def _ask_first(self, action: str, seat: int) -> bool:
        """Ask the declare question before ``action`` if it is due (once a deal and person); True when it was asked."""
        key = (len(self.game.deals) - 1, seat)
        if not self.ask_to_declare or key in self.s.asked or self.game.verdict(action, seat) is not None:
            return False
        view = self.game.view(seat)
        question = presenter(view).declare_question(view, action)
        if question is None:
            return False
        self.s.asked.add(key)
        self._redraw(question=question)
        return True

    def control(self, name: str) -> None:
        if name == "back":
            self.back_to_game()
        elif name == "review":
            self.review()
        elif self.s.review is not None:
            self._show_notice("refused", self._reviewing_text())
        elif name == "new":
            self.new_deal()
        elif name == "continue":
            self.continue_()
        elif name == "hint":
            self.hint()
        else:
            self._show_notice("info", "This table's controls are New deal, Hint, Review and Continue.")

    def _uncover(self) -> None:
        cover = self.s.cover
        assert cover is not None, "the table is covered"
        self.s.cover, self.s.holder = None, cover.seat
        if cover.purpose == "review":
            self._open_review(cover.seat)
        else:
            self._redraw()

    def continue_(self) -> None:
        """After a deal: the next one (the computer plays until a person is asked; the table is covered for them)."""
        s = self.s
        if s.shown is None:
            text = self._covered_text(s.cover) if s.cover else "Continue comes after a deal: the deal is not over."
            self._show_notice("info", text)
            return
        if s.finished:
            self._show_notice("info", self._status())
            return
        first = self.game.deals[-1].first_event
        s.shown, s.cover, s.holder, s.asking_whose, s.told = None, None, None, False, first
        s.since = {seat: first for seat in self.people}
        self._advance(len(self.game.deals))
        self._redraw()

    def hint(self) -> None:
        """The coach's advice to the person whose turn it is, judged from that person's view alone."""
        s, seat = self.s, self.viewer
        if s.review is not None:
            blocked: str | None = self._reviewing_text()
        elif s.cover is not None:
            blocked = self._covered_text(s.cover)
        elif seat is None or self.game.to_move != seat:
            blocked = self._status()
        else:
            blocked = None if self.coached else self._no_coach_text()
        if blocked is not None or seat is None:
            self._show_notice("info", blocked or self._status())
            return
        view = self.game.view(seat)
        self._thinking()  # the coach may think for a second
        advice = self._coach().hint(view)
        what, ring = advice_words(view, advice.action)
        self._redraw(self._notice("info", f"Hint for {self.players[seat]}: {what}. {advice.why}"), highlight=ring)

    # --- the review --------------------------------------------------------------------------
    def _reviewable(self) -> list[int]:
        """The people who played the finished deal on the table."""
        shown = self.s.shown
        return [] if shown is None else [seat for seat in self.game.deals[shown].seats if seat in self.people]

    def review(self) -> None:
        """Review a finished deal: ask whose decisions (when several people played it), then cover for that person."""
        s = self.s
        if s.review is not None:
            self._draw_review()
            return
        if not self.reviewed:
            self._show_notice("info", self._no_coach_text())
            return
        if s.shown is None:
            text = (self._covered_text(s.cover) if s.cover else
                    "Review comes once a deal is over: finish this one first (Hint advises whoever is to play).")
            self._show_notice("info", text)
            return
        people = self._reviewable()
        if not people:
            self._show_notice("info", "Only the computer played this deal: there are no decisions to review.")
        elif len(people) == 1:
            self.s.cover = Cover(people[0], "review")
            self._redraw()
        else:
            self.s.cover, self.s.asking_whose = None, True
            self._redraw()

    def _review_for(self, seat_text: str) -> None:
        people = self._reviewable()
        seat = whole_number(seat_text)
        if seat not in people:
            self._show_notice("refused", "Choose whose decisions to review with one of the buttons.")
            return
        self.s.asking_whose, self.s.cover = False, Cover(seat, "review")
        self._redraw()

    def _open_review(self, seat: int) -> None:
        shown = self.s.shown
        assert shown is not None, "a finished deal is on the table"
        record = self.game.record()
        key = (shown, seat, tuple(record.actions))
        judged = self._judged.get(key)
        if judged is None:  # the coach thinks for a few seconds; the same decisions are never judged twice
            self._thinking()
            judged = self._judged[key] = judge_deal(self._coach(), record, seat, shown)
        self.s.review, self.s.review_seat = OpenReview(*judged, live=self._everyones_frame()), seat
        self._draw_review()

    @property
    def open_review(self) -> OpenReview | None:
        return self.s.review

    def _show_review(self, review: OpenReview) -> None:
        self.s.review = review
        self._draw_review()

    def back_to_game(self) -> None:
        """Close the review: the finished deal again, for everyone to see."""
        if self.s.review is None:
            self._show_notice("info", "You are at the game already.")
            return
        self.s.review, self.s.holder = None, None
        self._redraw()

    def _draw_review(self) -> None:
        review = self.s.review
        assert review is not None, "the review is open"
        view, ui = review_frame(review, self.s.review_seat, None, self.title)
        self._draw(view, {**ui, "me": self.s.review_seat})  # the list too is drawn for the person reviewed

    # --- the computer ------------------------------------------------------------------------
    def _advance(self, deals: int) -> None:
        """After a person's action (or at a new deal): the computer acts; a finished deal stays on the table; the
        table is covered when a person is asked who is not the one holding the device."""
        game, s = self.game, self.s
        if len(game.deals) == deals:
            computers_play(game, self.people, self._bot)
        if deal_ended(game, deals):
            s.shown = deals - 1
            s.finished = game.deal_decision(deals - 1).decided == "match"
        to_move = game.to_move
        if s.shown is not None or to_move is None:
            s.holder = s.cover = None  # a table for everyone
        elif to_move != s.holder:
            s.holder, s.cover = None, Cover(to_move)

    def _bot(self, seat: int) -> Bot:
        return self.ai.opponent(self.computers[seat], bot_seed(self.game))

    def _coach(self) -> Coach:
        return self.coach or deal_coach(self.game)

    def _thinking(self) -> None:
        self.table.ui = {**self.table.ui, "busy": True}

    # --- what the table says -----------------------------------------------------------------
    def _covered_text(self, cover: Cover) -> str:
        name = self.players[cover.seat]
        return f"The cards are covered: pass the device to {name}, who presses “{self._ready_label(cover)}”."

    def _ready_label(self, cover: Cover) -> str:
        shown = "my review" if cover.purpose == "review" else "my cards"
        return f"I am {self.players[cover.seat]}: show {shown}"

    def _reviewing_text(self) -> str:
        selected = self.s.review.selected if self.s.review is not None else None
        if selected is None:
            return "The review is open: press Back to the game to go on."
        return f"This is the table as it was at decision {selected + 1}: go back to the game to go on."

    def _no_coach_text(self) -> str:
        return f"{self.spec.title} has no coach yet: Hint and Review come with it."

    def _status(self) -> str:
        """The prompt of a table for everyone: what the finished deal decided and what comes next."""
        s = self.s
        if s.asking_whose:
            return "Whose decisions shall the coach review? Only that player should look: the table is covered first."
        if s.shown is None:
            return "Nothing is asked of anyone now: press New deal for a new session."
        decision = self.game.deal_decision(s.shown)
        if s.finished:
            said = self.game.explain(decision.event, None) if decision.event is not None else ""
            return caption((said, self.words["match_over"]))
        return self.words["redeal_next"] if decision.decided == "redeal" else self.words["game_over_next"]

    def _controls(self) -> list[dict[str, Any]]:
        s = self.s
        asked = s.cover is None and s.shown is None and s.holder is not None and self.game.to_move == s.holder
        return [control("new", "New deal"), control("hint", "Hint", asked and self.coached),
                control("review", "Review", s.shown is not None and bool(self._reviewable()) and self.reviewed),
                control("continue", "Continue", s.shown is not None and not s.finished)]

    def _upto(self) -> int:
        return deal_end(self.game, self.s.shown) if self.s.shown is not None else len(self.game.events)

    def _everyones_frame(self, notice: dict[str, Any] | None = None) -> tuple[View, dict[str, Any]]:
        """The table as everyone may see it (covered, or a finished deal): the spectator's view, nothing to click."""
        s, game = self.s, self.game
        upto = self._upto()
        view = seat_view(game, None, upto)
        steps = [game.explain(e, None) for e in game.events[s.told:upto]]
        if s.cover is not None:
            name = self.players[s.cover.seat]
            prompt = f"Pass the device to {name} — press when {name} is ready."
            buttons = [{"action": READY, "label": self._ready_label(s.cover),
                        "hint": f"Press only when {name} holds the device and nobody else sees the screen."}]
        else:
            prompt, buttons = self._status(), []
            if s.asking_whose:
                buttons = [{"action": f"{REVIEW_FOR} {seat}", "label": f"{self.players[seat]}'s decisions",
                            "hint": f"The coach's review of {self.players[seat]}'s decisions in this deal."}
                           for seat in self._reviewable()]
        ui = table_ui(view, "play", None, caption=caption(steps), steps=steps, prompt_text=prompt, notice=notice,
                      controls=self._controls(), deal_code=self.deal_code if s.finished else None, title=self.title,
                      interactive=False)
        return view, {**ui, "buttons": buttons}

    def _own_frame(self, seat: int, notice: dict[str, Any] | None, highlight: Sequence[str],
                   question: dict[str, Any] | None) -> tuple[View, dict[str, Any]]:
        """``seat``'s own table: its view, what happened since its last move in its words, its question."""
        game = self.game
        view = seat_view(game, seat)
        steps = [game.explain(e, seat) for e in game.events[self.s.since.get(seat, 0):]]
        ui = table_ui(view, "play", seat, caption=caption(steps), steps=steps, notice=notice,
                      controls=self._controls(), title=self.title, highlight=highlight)
        if question is not None:
            ui = {**ui, "prompt": question["prompt"], "buttons": question["buttons"]}
        return view, ui

    def _redraw(self, notice: dict[str, Any] | None = None, highlight: Sequence[str] = (),
                question: dict[str, Any] | None = None) -> None:
        if self.s.review is not None:
            self._draw_review()
            return
        seat = self.viewer
        if seat is None:
            self._draw(*self._everyones_frame(notice))
        else:
            self._draw(*self._own_frame(seat, notice, highlight, question))

    # --- failures in handlers ----------------------------------------------------------------
    def _save(self) -> None:
        self._saved = _Saved(self.game.record(), self.s.copy(), self.rules, self.players, dict(self.computers))

    def _recover(self) -> None:
        saved = self._saved
        self.players, self.computers, self.rules = saved.players, dict(saved.computers), saved.rules
        self.game = saved.record.replay()
        self.s = saved.state.copy()
        self.panel.show(self.rules)
        self.form.show(self.players, self.computers)
        self._redraw()
