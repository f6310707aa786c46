"""Practice against the computer: whole games or whole matches, played by clicks on the table.

The learner acts through the table; after each accepted action the computer seats act (each bot
sees only its own seat's view) until the learner is asked again or the deal is over. A finished
deal stays on the table, with its outcome, until the learner presses Continue; undo replays the
record without the learner's last decision. Every deal has a deal code that deals it again, and
the same code with the same clicks plays the same game (the computer is seeded from the code).

Once a deal is over, Review asks the coach about each of the learner's decisions in it and opens the
review panel (``ui["review"]``, built by ``review.py``); choosing a decision there shows the table as the
learner saw it then, and "Back to the game" puts the live table back as it was. While the review is
open nothing acts on the game.

A contest table (``contest=True``, or ``?contest=1`` in the page's link) is for a game a teacher grades: it offers
no Undo (replaying a decision would show what the computer holds) and no Hint, and keeps the computer opponent it
was given; the Review still opens once a deal is over. Its heading says so in one line (``CONTEST_LINE``), and a
forged undo or hint message is refused with a sentence, changing nothing.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..bots import Bot, Coach, GameAI
from ..errors import IllegalAction, ScenarioError
from ..game import Game
from ..house_rules import HouseRules
from ..links import contest_param, deal_param
from ..progress.browser import page_progress, won
from ..quoting import quote
from ..records import Record
from ..records import undo as undo_game
from ..registry import game_spec
from .base import Controller, deal_code_text, deal_record
from .class_deal import class_result
from .memory import give_back
from .present import advice_words, caption, control, presenter, table_ui
from .review import Judged, OpenReview, cost_text, judge_deal, review_frame
from .rules_panel import RulesPanel
from .snapshots import deal_end, seat_view
from .turns import bot_seed, computers_play, deal_coach, deal_ended
from .url import page_deals_codes, preheated, query_string, when_requested

GAME = "czech-bulka"  # what a practice table plays unless told otherwise
WHOLE = ("game", "match")
CONTEST_LINE = "Contest deal: no Undo, no Hint; the Review opens when the deal is over."
CONTEST_NO_UNDO = ("This is a contest deal: there is no Undo, a card laid stays laid. The Review opens when the "
                   "deal is over.")
CONTEST_NO_HINT = "This is a contest deal: there is no Hint while it is played. The Review opens when the deal is over."
CONTEST_OPPONENT = "This is a contest deal: everyone plays the same computer opponent, so it stays as it is."


@dataclass
class _Saved:
    """What a failed handler restores."""

    record: Record
    shown: int | None
    since: int
    decisions: list[tuple[int, int]]
    finished: bool
    rules: HouseRules
    review: OpenReview | None


class Practice(Controller):
    """``Practice(players=("Player", "Computer"), seat=0, rules=None, code=None, whole="game", opponent="rule",
    game="czech-bulka", contest=False)``.

    ``seat`` is the learner's; the other seats are played by the ``opponent`` named (the game's
    ``GameSpec.ai.opponents``; for Czech Bulka the teaching rules, or the sampling bot easy, medium or strong;
    seeded from the deal, and the learner
    may change it in the table's "Computer opponent" menu), or by ``bot`` when one is given. ``rules``
    overrides house rules; ``code`` deals a given deal code (its rules win).
    ``ask_to_declare`` (on by default): playing the first card while holding a meld not declared asks once,
    in that deal, whether to declare it (the presenter's ``declare_question``); lessons and tests may turn it off.
    ``whole="game"`` ends when a game the learner plays is decided; ``"match"`` when the match is (Czech
    Bulka: the bank won, a bulka). The table's sentences about sitting out and what a deal decided are the
    game's presenter's ``PRACTICE_WORDS``.
    The Hint control asks ``coach`` (default: the bots' ``Coach``, seeded from the deal) about the
    learner's view; the Review control asks the same coach about the learner's decisions of the deal that
    just ended. A game whose computer players have no teacher yet (``GameAI.teacher`` None) offers no Review, and
    no Hint unless a ``coach`` is given: the controls stay disabled and say so.
    ``contest`` (``?contest=1`` in the page's link, through ``from_url``): a graded game, with no Undo and no Hint
    and the opponent menu locked; the Review opens once a deal is over.
    """

    def __init__(self, players: Sequence[str] = ("Player", "Computer"), seat: int = 0,
                 rules: dict[str, Any] | None = None, code: str | None = None, whole: str = "game",
                 bot: Bot | None = None, title: str = "", coach: Coach | None = None,
                 opponent: str | None = None, game: str = GAME, ask_to_declare: bool = True,
                 contest: bool = False) -> None:
        super().__init__()
        self.spec = spec = game_spec(game)
        if spec.ai is None:
            raise ValueError(f"{spec.title} has no computer players yet: it cannot be practised")
        self.ai: GameAI = spec.ai
        if whole not in WHOLE:
            raise ValueError(f"whole is 'game' or 'match', not {whole!r}")
        if len(players) not in spec.players:
            raise ValueError(f"{spec.title} is for {min(spec.players)} or {max(spec.players)} players, "
                             f"not {len(players)}")
        if not 0 <= seat < len(players):
            raise ValueError(f"seat {seat} is not a seat: seats are 0 to {len(players) - 1}")
        self.players, self.seat, self.whole, self.bot, self.title = tuple(players), seat, whole, bot, title
        self.words: dict[str, str] = spec.presenter.PRACTICE_WORDS
        self.coach = coach
        self.coached = coach is not None or self.ai.teacher is not None  # Hint has a coach to ask
        self.reviewed = self.ai.teacher is not None  # the review panel words each decision with the game's teacher
        self.ask_to_declare = ask_to_declare
        self.contest = contest  # a graded game: no Undo, no Hint, the opponent kept (``hold_contest``)
        self.deal_link = False  # the page's address with ?deal=CODE deals a code (``from_url`` under Voilà)
        self.link_code: str | None = None  # the code the page's link dealt (a contest link's: maybe the class deal)
        opponent = self.ai.default if opponent is None else opponent
        self.ai.opponent(opponent, None)  # an unknown name: the ValueError that lists the opponents
        self.opponent = opponent
        self.rules = spec.rules_class.from_dict(rules)  # a bad option: ScenarioError naming it
        self.panel = RulesPanel(self.rules, on_deal=lambda values: self._guarded(self.deal_with_rules, values))
        self.opponent_menu = widgets.Dropdown(options=[(words, name) for name, words in self.ai.opponents.items()],
                                              value=opponent, description=self.words["opponent_menu"],
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="max-content"),
                                              disabled=bot is not None or contest)
        self.opponent_menu.add_class("bt-opponent")
        self.opponent_menu.observe(self._opponent_picked, "value")
        self.words_box = widgets.Checkbox(value=True, description=self.words["original_words"], indent=False)
        self.words_box.add_class("bt-original-words")
        self.words_box.observe(lambda change: self._guarded(self.show_original_words, change["new"]), "value")
        self._widget = widgets.VBox([self.table, self.opponent_menu, self.words_box, self.panel.widget])
        self._widget.add_class("bt-practice")
        self.new_deal(code)

    @classmethod
    def from_url(cls, **kwargs: Any) -> Practice:
        """A practice table dealing the page's ``?deal=CODE`` (under Voilà), else ``code`` or a fresh deal; a contest
        table when the page's link says ``contest=1`` (or ``contest=True`` is given: a link cannot turn it off).

        A preheated kernel deals before the page is asked for, and the page's code once it is (``when_requested``).
        """
        query = "" if preheated() else query_string()
        code = deal_param(query)
        if code is not None:
            kwargs["code"] = code
        kwargs["contest"] = bool(kwargs.get("contest")) or contest_param(query)
        practice = cls(**kwargs)
        practice.link_code = practice._dealt_code if code is not None else None
        if page_deals_codes():  # Voilà's page or the static site's: a link with ?deal= deals the code
            practice.deal_link = True
            practice.table.ui = {**practice.table.ui, "deal_link": True}
        when_requested(practice._requested)
        return practice

    def _requested(self, query: str) -> None:
        """A preheated kernel's page was asked for with ``query``: a contest link makes this a contest table, and a
        deal code is dealt (nobody has seen the table before: it was drawn while no one was asking)."""
        if contest_param(query):
            self._guarded(self.hold_contest)
        code = deal_param(query)
        if code is not None:
            self._guarded(self.new_deal, code)
            self.link_code = self._dealt_code

    def hold_contest(self) -> None:
        """Make this a contest table from now on: no Undo, no Hint, the opponent kept (``?contest=1``)."""
        self.contest = True
        self.opponent_menu.disabled = True
        if self._review is None:
            self._redraw(self.table.ui.get("notice"))

    @property
    def widget(self) -> widgets.VBox:
        return self._widget

    @property
    def deal_code(self) -> str | None:
        return deal_code_text(self.game)

    # --- starting deals -------------------------------------------------------------------
    def new_deal(self, code: str | None = None) -> None:
        """A new deal: the deal of ``code`` (a bad code: a notice and a fresh deal), else a fresh one."""
        record, problem = deal_record(self.spec, self.players, self.rules, code)
        self.game: Game = record.start()
        self._dealt_code = deal_code_text(self.game) if code and problem is None else None
        self._class_reported = False  # the class's results board has this deal's game (``_report_class_deal``)
        self._class_pending: int | None = None  # the deal whose game is to be reported once its outcome is drawn
        self.rules = self.game.rules
        self.panel.show(self.rules)
        self._shown: int | None = None  # the finished deal on the table, until Continue
        self._since = 0  # the caption tells the events from here on
        self._decisions: list[tuple[int, int]] = []  # per learner decision: actions before it, caption start
        self.finished = False
        self._last_move_start = 0  # where the computer's last action's events begin
        self._review: OpenReview | None = None  # the open review panel
        self._judged: dict[tuple[int, tuple[str, ...]], Judged] = {}  # reviews made, by deal and actions
        self._asked: set[int] = set()  # the deals (indexes) in which the learner was asked to declare a meld
        if not self._sits_out():
            self._advance()
        self._redraw(self._notice("refused", problem) if problem else None)

    def deal_with_rules(self, values: dict[str, Any]) -> None:
        """Start a new deal with these house rules (what the panel's button does)."""
        try:
            rules = self.spec.rules_class.from_dict(values)
        except ScenarioError as err:
            self._show_notice("refused", f"These house rules cannot be used: {err}.")
            return
        self.rules = rules
        self.new_deal()
        self._show_notice("info", f"A new deal with these house rules (rules id {rules.rules_id}).")

    def choose_opponent(self, name: str) -> None:
        """Who plays the computer's seats from its next move on (what the "Computer opponent" menu does)."""
        if name not in self.ai.opponents:
            self._show_notice("refused", f"There is no opponent {quote(name)}: choose one from the menu.")
            return
        if self.contest and name != self.opponent:
            self.opponent_menu.value = self.opponent
            self._show_notice("refused", CONTEST_OPPONENT)
            return
        self.opponent = name
        if self.opponent_menu.value != name:
            self.opponent_menu.value = name
        self._show_notice("info", f"From its next move the computer plays with the {self.ai.opponents[name]}.")

    def _opponent_picked(self, change: dict[str, Any]) -> None:
        if change["new"] != self.opponent:
            self._guarded(self.choose_opponent, change["new"])

    # --- the learner's input ----------------------------------------------------------------
    def act(self, action: str) -> None:
        """Take ``action`` for the learner; a refusal shows the engine's explanation and changes nothing."""
        if self._review is not None:
            self._show_notice("refused", self._reviewing_text())
            return
        blocked = self._blocked()
        if blocked:
            self._show_notice("info", blocked)
            return
        if self._ask_first(action):
            return
        start, before, deals = len(self.game.events), len(self.game.actions), len(self.game.deals)
        try:
            self.game.apply(action, self.seat)
        except IllegalAction as err:
            self._show_notice("refused", err.message)
            return
        self._decisions.append((before, self._since))
        self._since = start
        if self.bot is None and self.opponent != self.ai.default and self.game.to_move not in (None, self.seat):
            self._thinking()  # the sampling bot may think for a second or two
        self._advance(deals)
        self._redraw()
        self._report_pending()

    def _ask_first(self, action: str) -> bool:
        """Ask the declare question before ``action`` if it is due (once a deal); True when it was asked."""
        deal = len(self.game.deals) - 1
        if not self.ask_to_declare or deal in self._asked or self.game.verdict(action, self.seat) is not None:
            return False
        view = self.game.view(self.seat)
        question = presenter(view).declare_question(view, action)
        if question is None:
            return False
        self._asked.add(deal)
        self._redraw(question=question)
        return True

    def control(self, name: str) -> None:
        if name == "back":
            self.back_to_game()
        elif name == "review":
            self.review()
        elif self._review is not None:
            self._show_notice("refused", self._reviewing_text())
        elif name == "new":
            self.new_deal()
        elif name == "undo":
            self.undo()
        elif name == "continue":
            self.continue_()
        elif name == "hint":
            self.hint()
        else:
            names = ", ".join(c["label"] for c in self._controls()[:-1])
            self._show_notice("info", f"This table's controls are {names} and Continue.")

    # --- the review panel ---------------------------------------------------------------------
    def _reviewable(self) -> bool:
        """A deal the learner played is over and still on the table."""
        return self._shown is not None and self.seat in self.game.deals[self._shown].seats

    def review(self) -> None:
        """The coach's review of the learner's decisions in the deal that just ended, in the review panel."""
        if self._review is not None:
            self._draw_review()
            return
        if not self.reviewed:
            self._show_notice("info", self._no_coach_text())
            return
        if not self._reviewable():
            text = ("Review comes once a deal you play is over: finish this one first (Hint advises you now)."
                    if self._shown is None else "You sat out this game: you made no decisions to review.")
            self._show_notice("info", text)
            return
        live = (self.table.view, self.table.ui)
        shown = self._shown
        assert shown is not None, "a reviewable deal is on the table"
        self._review = OpenReview(*self._judge(shown), live=live)
        self._draw_review()

    def _judge(self, shown: int) -> Judged:
        """The coach's verdicts on the learner's decisions in finished deal ``shown`` (judged once per deal and
        actions: Review and the class deal's report share them)."""
        record = self.game.record()
        key = (shown, tuple(record.actions))
        judged = self._judged.get(key)
        if judged is None:  # the coach thinks for a few seconds; the same deal is never judged twice
            self._thinking()
            judged = judge_deal(self._coach(), record, self.seat, shown)
            self._judged[key] = judged
            give_back()  # the coach's searches are over: a kernel keeps no high-water mark of them
            if self.from_learner:  # a lesson's own checks review nothing of the learner's
                page_progress().mistakes([{"text": f"{item.sentence} ({cost_text(item)})", "cost": item.cost_win or 0.0}
                                          for item in judged[0] if item.mistake])
        return judged

    @property
    def open_review(self) -> OpenReview | None:
        return self._review

    def _show_review(self, review: OpenReview) -> None:
        self._review = review
        self._draw_review()

    def back_to_game(self) -> None:
        """Close the review: the live table exactly as it was when Review was pressed."""
        if self._review is None:
            self._show_notice("info", "You are at the game already.")
            return
        view, ui = self._review.live
        self._review = None
        self._draw(view, ui)

    def _reviewing_text(self) -> str:
        selected = self._review.selected if self._review is not None else None
        if selected is None:
            return "The review is open: press Back to the game to play."
        return f"This is the table as it was at decision {selected + 1}: go back to the game to play."

    def _draw_review(self) -> None:
        """The open review: the list over the live table, or the table of the decision chosen."""
        assert self._review is not None, "the review is open"
        self._draw(*review_frame(self._review, self.seat, self.deal_code, self._heading(), self.deal_link))

    def hint(self) -> None:
        """The coach's advice for the learner's decision now, judged from the learner's view alone."""
        if self.contest:
            self._show_notice("refused", CONTEST_NO_HINT)
            return
        blocked = self._blocked() or (None if self.coached else self._no_coach_text())
        if blocked:
            self._show_notice("info", blocked)
            return
        view = self.game.view(self.seat)
        self._thinking()  # the coach may think for a second
        advice = self._coach().hint(view)
        give_back()
        what, ring = advice_words(view, advice.action)
        self._redraw(self._notice("info", f"Hint: {what}. {advice.why}"), highlight=ring)

    def undo(self) -> None:
        """Back to the learner's previous decision, by replaying the record without what followed it."""
        if self.contest:
            self._show_notice("refused", CONTEST_NO_UNDO)
            return
        if not self._decisions:
            self._show_notice("info", "Nothing to undo: you have not made a move yet.")
            return
        actions, self._since = self._decisions.pop()
        self.game = undo_game(self.game, len(self.game.actions) - actions)
        self._shown, self.finished = None, False
        self._redraw(self._notice("info", "Undone: you are back at your previous decision."))

    def continue_(self) -> None:
        """After a deal: the next deal. While the learner sits out: the computer players play their game."""
        if self._shown is not None:
            if self.finished:
                self._show_notice("info", self._finished_text())
                return
            self._shown = None
            self._since = self.game.deals[-1].first_event
            if not self._sits_out():
                self._advance()
        elif self._sits_out():
            self._watch()
        else:
            self._show_notice("info", "Continue comes after a deal: now it is your turn.")
            return
        self._redraw()
        self._report_pending()

    # --- the computer's moves ----------------------------------------------------------------
    def _computer_moves(self) -> None:
        """Let the computer seats act until the learner is asked or the current deal ends."""
        last = computers_play(self.game, (self.seat,), lambda _seat: self.bot or self.ai.opponent(self.opponent,
                                                                                                  bot_seed(self.game)))
        if last is not None:
            self._last_move_start = last

    def _thinking(self) -> None:
        """Show "thinking…" on the table (and take no clicks) until the next redraw."""
        self.table.ui = {**self.table.ui, "busy": True}

    def _coach(self) -> Coach:
        """The coach of this table: the one given, else one seeded from the deal alone, so that a hint and the
        review of the same decision see the same worlds whenever each is asked (one verdict per decision)."""
        return self.coach or deal_coach(self.game)

    def _advance(self, deals: int | None = None) -> None:
        """After the learner's action (or at a new deal): computer moves; stop at a finished deal.

        ``deals`` is how many deals there were before the learner's action: it may have ended the deal. A deal
        that ends the session deals no next one (Bouillotte: a player has no jeton left): it ended all the same.
        """
        deal = len(self.game.deals) if deals is None else deals
        if len(self.game.deals) == deal:
            self._computer_moves()
        if deal_ended(self.game, deal):
            self._deal_ended(deal - 1)

    def _watch(self) -> None:
        """The learner sits out: the two computer players play their game (through redeals) to its end."""
        while True:
            deal = len(self.game.deals)
            self._computer_moves()
            if len(self.game.deals) == deal:  # no deck left: cannot happen with a seed
                return
            if self.game.deal_decision(deal - 1).decided != "redeal":  # a redeal: the same two play on
                self._since = self._last_move_start
                self._deal_ended(deal - 1)
                return

    def _deal_ended(self, k: int) -> None:
        self._shown = k
        decided = self.game.deal_decision(k).decided
        if self.whole == "match":
            self.finished = decided == "match"
        else:
            self.finished = decided != "redeal" and self.seat in self.game.deals[k].seats
        if self.from_learner and decided != "redeal" and self.seat in self.game.deals[k].seats:
            outcome = self.game.view_at(self.seat, deal_end(self.game, k))["deal"]["outcome"]
            page_progress().deal_played(won(outcome, self.seat))
            self._report_class_deal(k)

    def _report_class_deal(self, k: int) -> None:
        """The first game the learner played of a contest link's deal goes to the class's results board (where the
        app runs for a class and the deal is the class deal: the class's server decides), with the Review's
        verdicts, so the board can show where the class's choices split."""
        if (not self.contest or self._class_reported or self.link_code is None or not self.reviewed
                or self.link_code != self._dealt_code or not page_progress().widget.class_path):
            return
        self._class_reported = True
        self._class_pending = k  # judged once the outcome is drawn (``_report_pending``): the learner sees it first

    def _report_pending(self) -> None:
        """Judge and report the class deal's game whose outcome was just drawn ("thinking…" meanwhile: a second or
        two, which its Review then saves)."""
        k, self._class_pending = self._class_pending, None
        if k is None:
            return
        page_progress().class_result(class_result(self.game, self.seat, k, self._judge(k)))
        self._redraw()

    # --- what the table says ----------------------------------------------------------------
    def _sits_out(self) -> bool:
        """The learner is not playing the deal on the table (e.g. Czech Bulka with three: one sits out)."""
        deal = self.game.deal
        return deal is not None and self.seat not in deal.seats

    def _blocked(self) -> str | None:
        """Why the learner cannot act now, or None."""
        if self._shown is not None:
            return self._finished_text() if self.finished else "This deal is over: press Continue for the next one."
        if self._sits_out():
            return self.words["sits_out_blocked"]
        return None

    def _no_coach_text(self) -> str:
        return f"{self.spec.title} has no coach yet: Hint and Review come with it."

    def _finished_text(self) -> str:
        if self.whole == "match":
            assert self._shown is not None, "a finished deal is on the table"
            event = self.game.deal_decision(self._shown).event
            said = self.game.explain(event, self.seat) if event is not None else ""
            return caption((said, self.words["match_over"]))
        return self.words["game_over"]

    def _status(self) -> str | None:
        """The prompt when the table is not asking for a move (None: the engine's question is shown)."""
        if self._shown is not None:
            if self.finished:
                return self._finished_text()
            if self.game.deal_decision(self._shown).decided == "redeal":
                return self.words["redeal_next"]
            return self.words["game_over_next"]
        deal = self.game.deal
        if deal is not None and self.seat not in deal.seats:
            names = [self.players[s] for s in deal.seats]
            return self.words["sits_out"].format(players=" and ".join(names))
        return None

    def _controls(self) -> list[dict[str, Any]]:
        waiting = (self._shown is not None and not self.finished) or (self._shown is None and self._sits_out())
        asked = self._shown is None and self.game.to_move == self.seat
        undo_hint = [] if self.contest else [control("undo", "Undo", bool(self._decisions)),
                                             control("hint", "Hint", asked and self.coached)]
        return [control("new", "New deal"), *undo_hint,
                control("review", "Review", self._reviewable() and self.reviewed),
                control("continue", "Continue", waiting)]

    def _heading(self) -> str:
        """The table's heading: the title it was given, and on a contest table the line that says what it offers."""
        if not self.contest:
            return self.title
        return f"{self.title} · {CONTEST_LINE}" if self.title else CONTEST_LINE

    def _redraw(self, notice: dict[str, Any] | None = None, highlight: Sequence[str] = (),
                question: dict[str, Any] | None = None) -> None:
        """Draw the live table; ``question`` (a prompt and its buttons) replaces what the engine asks."""
        game = self.game
        upto = deal_end(game, self._shown) if self._shown is not None else len(game.events)
        view = seat_view(game, self.seat, upto)
        steps = [game.explain(e, self.seat) for e in game.events[self._since:upto]]
        ui = table_ui(view, "play", self.seat, caption=caption(steps), steps=steps, prompt_text=self._status(),
                      notice=notice, controls=self._controls(), deal_code=self.deal_code, deal_link=self.deal_link,
                      title=self._heading(),
                      highlight=highlight)
        if question is not None:
            ui = {**ui, "prompt": question["prompt"], "buttons": question["buttons"]}
        self._draw(view, ui)

    # --- failures in handlers ----------------------------------------------------------------
    def _save(self) -> None:
        self._saved = _Saved(self.game.record(), self._shown, self._since, list(self._decisions), self.finished,
                             self.rules, self._review)

    def _recover(self) -> None:
        saved = self._saved
        self.game = saved.record.replay()
        self._shown, self._since, self._decisions = saved.shown, saved.since, saved.decisions
        self.finished, self.rules, self._review = saved.finished, saved.rules, saved.review
        self.panel.show(self.rules)
        if self._review is not None:
            self._draw_review()
        else:
            self._redraw()
