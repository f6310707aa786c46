"""Play with classmates: a table shared by two to five students, each at their own screen, seeing only their own cards.

The server of shared tables (``bulka_teach.tables``, inside the app server) holds the game. This page's kernel is one
seat's client (``TableClient``): it receives only that seat's view, and draws it on the same felt, with the same
presenter, as the practice table. A student sets a table up (how many play, each seat a classmate or the computer, an
optional deal code) and gets its code and a link; classmates open the link (or this page, and type the code), type
their name and take a free seat; a teacher may watch as a spectator. The cards are dealt once every classmate's seat
is taken. Each acts only on their turn; a refusal is explained to them alone, the table unchanged.

The seat token is kept in the student's browser (``BrowserStore``), so a reload, or a new tab of the same link, takes
the seat back. Hint judges the student's own view; Review, once a deal is over, judges the decisions this kernel sent,
each from the view it was drawn from then: nothing of another seat's hand is needed, and the same coach (seeded by the
table's code) gives both, so they never contradict each other.

Where no server of shared tables runs (Binder, JupyterLab on one's own machine, the static site) the page says so
and points to pass and play at one device (``HotSeat``).
"""
from __future__ import annotations

import asyncio
import logging
import os
import zlib
from collections.abc import Coroutine
from html import escape
from typing import Any

import ipywidgets as widgets

from ..bots import Coach, GameAI
from ..bots.coach import ReviewItem
from ..links import table_param
from ..registry import game_spec
from .base import Controller
from .browser_store import BrowserStore
from .form_fields import WHOLE_LABEL, deal_code_box, players_menu, text_box
from .present import View, advice_words, caption, control, table_layout, table_ui
from .review import OpenReview, review_frame
from .rules_panel import RulesPanel
from .url import preheated, when_requested

log = logging.getLogger("bulka_teach.table")

GAME = "czech-bulka"
CLASSMATE = "student"  # the seat menu's value for a classmate's seat (the service's word; computers: a level)
NAME_KEY = "name"  # the browser keeps the student's name under this key, to fill the form next time
NO_SERVER = ("Playing at your own screens needs the class's server, and there is none here (on Binder, or on your "
             "own computer, each student has a server of their own). Play at one device instead: pass and play, "
             "above.")
Frame = dict[str, Any]
Decision = tuple[View, str]  # the seat's view when it was asked, and the action it took


def seat_key(code: str) -> str:
    """The browser's key for the seat token of table ``code``."""
    return f"seat:{code}"


def _network() -> Any:
    """The server's client module (``table_client``): it needs tornado, which the static site's kernel lacks, so it is
    imported only once a page talks to a server."""
    from . import table_client
    return table_client


def has_server() -> bool:
    """Whether this kernel knows a server of shared tables (the app server tells its kernels where it is)."""
    return bool(os.environ.get("BULKA_TABLES_URL", "").strip())


class Classmates(Controller):
    """``Classmates(game="czech-bulka", title="", client=None)``: set up, join or watch a shared table of ``game``.

    ``client`` replaces the ``TableClient`` made from the kernel's environment (tests). Every network call runs on
    the kernel's event loop; ``settled()`` awaits the one under way.
    """

    def __init__(self, game: str = GAME, title: str = "", client: Any = None) -> None:
        super().__init__()
        self.spec = spec = game_spec(game)
        if spec.ai is None or spec.presenter is None:
            raise ValueError(f"{spec.title} has no computer players yet: it cannot be played here")
        self.ai: GameAI = spec.ai
        self.title = title or f"{spec.title} with classmates"
        self.client = client
        self.coach: Coach | None = None
        self.frame: Frame | None = None
        self.steps: list[str] = []  # what happened since this seat last acted, in its words
        self.pending: Decision | None = None  # sent, not yet seen on the table
        self.decisions: list[Decision] = []  # this deal's, as this seat took them
        self.finished: list[Decision] | None = None  # the decisions of the deal shown as finished
        self.ended: View | None = None  # a finished deal on the table until Continue
        self._review: OpenReview | None = None
        self.highlight: list[str] = []
        self._task: asyncio.Task[None] | None = None
        self._notice_now: dict[str, Any] | None = None
        self.store = BrowserStore()
        self.store.observe(lambda _change: self._stored(), "stored")
        self._build_forms()
        self._widget = widgets.VBox([self.setup_box, self.join_box, self.status, self.table, self.store])
        self._widget.add_class("bt-classmates")
        self._show_table(False)
        self.query = ""
        if not has_server() and client is None:
            self._say(NO_SERVER)
            self.setup_button.disabled = self.join_button.disabled = self.watch_button.disabled = True
        elif preheated():
            when_requested(self._requested)
        else:
            self._requested(os.environ.get("QUERY_STRING", ""))

    # --- the page ------------------------------------------------------------------------------------------------
    @property
    def widget(self) -> widgets.VBox:
        return self._widget

    def _build_forms(self) -> None:
        spec, counts = self.spec, self.spec.players
        self.count = players_menu(counts, min(counts))
        choices = [("a classmate", CLASSMATE), *((f"the computer: {words}", level)
                                                 for level, words in self.ai.opponents.items())]
        self.seat_menus = [widgets.Dropdown(options=choices, value=CLASSMATE, description=f"Seat {seat + 1}",
                                            style=WHOLE_LABEL, layout=widgets.Layout(max_width="100%"))
                           for seat in range(max(counts))]
        self.deal = deal_code_box()
        self.rules = RulesPanel(spec.rules_class.from_dict(None), on_deal=lambda _values: None)
        self.rules.button.layout.display = "none"  # the table is dealt when everyone sits: "Set up the table" it is
        self.setup_button = widgets.Button(description="Set up the table", button_style="primary")
        self.setup_button.add_class("bt-classmates-setup")
        self.setup_button.on_click(lambda _b: self._guarded(self.set_up))
        self.count.observe(lambda _change: self._show_menus(), "value")
        self._show_menus()
        body = widgets.VBox([self.count, *self.seat_menus, self.rules.widget, self.deal, self.setup_button])
        self.setup_box = widgets.Accordion(children=[body], titles=(f"Set up a table of {spec.title}",),
                                           selected_index=None)
        self.setup_box.add_class("bt-classmates-form")
        self.code = text_box("Table code", "5 letters, e.g. KXQMP")
        self.code.add_class("bt-classmates-code")
        self.name = text_box("Your name", "as your classmates know you")
        self.name.add_class("bt-classmates-name")
        self.join_button = widgets.Button(description="Take a seat", button_style="primary")
        self.join_button.add_class("bt-classmates-join")
        self.join_button.on_click(lambda _b: self._guarded(self.join))
        self.watch_button = widgets.Button(description="Watch the table", tooltip="As a spectator: no hand shown")
        self.watch_button.add_class("bt-classmates-watch")
        self.watch_button.on_click(lambda _b: self._guarded(self.watch))
        self.join_box = widgets.VBox([self.code, self.name,
                                      widgets.HBox([self.join_button, self.watch_button],
                                                   layout=widgets.Layout(flex_flow="row wrap"))])
        self.join_box.add_class("bt-classmates-seat")
        self.status = widgets.HTML()
        self.status.add_class("bt-classmates-status")

    def _show_menus(self) -> None:
        for seat, menu in enumerate(self.seat_menus):
            menu.layout.display = None if seat < self.count.value else "none"

    def _show_table(self, shown: bool) -> None:
        self._widget.children = tuple(w for w in (self.setup_box, self.join_box, self.status, self.table, self.store)
                                      if shown or w is not self.table)
        self.setup_box.layout.display = self.join_box.layout.display = "none" if shown else None

    def _say(self, text: str, kind: str = "info") -> None:
        """A sentence above the table (set-up, joining), escaped: it may quote what a student typed."""
        self.status.value = f'<p class="bt-classmates-{kind}" role="status">{escape(text)}</p>' if text else ""

    # --- what the page was opened with, and what the browser keeps -----------------------------------------------
    def _requested(self, query: str) -> None:
        """The page's query: ``?table=KXQMP`` fills the code and, with a token kept for it, takes the seat back."""
        self.query = query
        code = table_param(query)
        if code:
            self.code.value = code[:12]
        self._stored()

    def _stored(self) -> None:
        """The browser said what it keeps: fill the name, and take back a seat at the linked table."""
        name = self.store.get(NAME_KEY)
        if name and not self.name.value:
            self.name.value = name
        code = table_param(self.query)
        token = self.store.get(seat_key(code)) if code else None
        if self.client is None and not has_server():  # nothing to take back where no class server is
            return
        if code and token and self._client().token is None and self._task is None:
            self._spawn(self._rejoin(code, token))

    # --- the student's requests ----------------------------------------------------------------------------------
    def set_up(self) -> None:
        """Set a table up with the form's seats, house rules and deal code (whose rules win); its code and link are
        shown, and the code filled in."""
        n = self.count.value
        seats = [menu.value for menu in self.seat_menus[:n]]
        self._spawn(self._set_up(seats, self.rules.values(), self.deal.value.strip() or None))

    def join(self) -> None:
        """Take a free seat at the table of the code typed, by the name typed."""
        self._spawn(self._join(self.code.value, self.name.value))

    def watch(self) -> None:
        """Watch the table of the code typed, as a spectator."""
        self._spawn(self._watch(self.code.value))

    def act(self, action: str) -> None:
        """A button or a card of this seat's own table: sent to the server, which refuses it if it is not allowed."""
        if self._review is not None:
            self._show_notice("refused", "The review is open: press Back to the game first.")
            return
        view = self._live_view()
        me = self._me()
        if view is None or me is None:
            self._show_notice("info", self._status_text())
            return
        if self.ended is not None:
            self._show_notice("info", "This deal is over: press Continue to see the next one.")
            return
        if view.get("to_move") != me:
            self._show_notice("info", self._status_text())
            return
        self.pending = (view, action)
        self.highlight = []
        self._spawn(self._client().act(action))

    def control(self, name: str) -> None:
        if name == "back":
            self.back_to_game()
        elif name == "review":
            self.review()
        elif self._review is not None:
            self._show_notice("refused", "The review is open: press Back to the game first.")
        elif name == "hint":
            self.hint()
        elif name == "continue":
            self.continue_()
        else:
            self._show_notice("info", "This table's controls are Hint, Review and Continue.")

    def hint(self) -> None:
        """The coach's advice from this seat's own view, when it is this seat's turn."""
        view, me = self._live_view(), self._me()
        if view is None or me is None or self.ended is not None or view.get("to_move") != me or not view["legal"]:
            self._show_notice("info", "Hint advises you when it is your turn. " + self._status_text())
            return
        advice = self._coach().hint(view)
        what, ring = advice_words(view, advice.action)
        self.highlight = ring
        self._redraw(self._notice("info", f"Hint: {what}. {advice.why}"))

    def continue_(self) -> None:
        """Leave the finished deal for the table as it is now."""
        if self.ended is None:
            self._show_notice("info", "Continue shows the next deal once a deal is over.")
            return
        self.ended, self.finished = None, None
        self._redraw()

    def review(self) -> None:
        """The coach's review of this seat's decisions in the finished deal on the table."""
        if self.ended is None or self.finished is None:
            self._show_notice("info", "Review comes once a deal is over: it judges your own decisions in it.")
            return
        chosen = [(view, action) for view, action in self.finished if len(view.get("legal") or []) > 1]
        if not chosen:
            self._show_notice("info", "You had no choice to make in this deal: there is nothing to review.")
            return
        coach = self._coach()
        judged = [(item, view) for k, (view, action) in enumerate(chosen)
                  if (item := coach.judge(k, view, action)) is not None]
        items: tuple[ReviewItem, ...] = tuple(item for item, _ in judged)
        views = tuple(view for _, view in judged)
        if not items:
            self._show_notice("info", "The coach found nothing to weigh in your decisions of this deal.")
            return
        self._review = OpenReview(items, views, live=self._live_frame())
        self._redraw()

    @property
    def open_review(self) -> OpenReview | None:
        return self._review

    def _show_review(self, review: OpenReview) -> None:
        self._review = review
        self._redraw()

    def back_to_game(self) -> None:
        if self._review is None:
            self._show_notice("info", "You are at the game already.")
            return
        self._review = None
        self._redraw()

    # --- the network ---------------------------------------------------------------------------------------------
    def _client(self) -> Any:
        if self.client is None:
            self.client = _network().TableClient()
        self.client.on_frame, self.client.on_refused = self._framed, self._refused
        return self.client

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the kernel's event loop; what it raises becomes a sentence, never a traceback."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            work.close()
            self._show_notice("error", "This page cannot reach the table from here: open it in the app.")
            return
        self._task = loop.create_task(self._guarded_work(work))

    async def _guarded_work(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except _network().TableRefused as err:
            self.pending = None
            self._refused(str(err))
        except Exception:
            log.exception("a shared table's request failed")
            self._refused("Something went wrong on our side; the table is as it was. Please try again.")
        finally:
            self._task = None

    async def settled(self) -> None:
        """Wait for the request under way (tests)."""
        while self._task is not None:
            await asyncio.sleep(0.01)

    async def _set_up(self, seats: list[str], rules: dict[str, Any], deal: str | None) -> None:
        answer = await self._client().create(self.spec.game, seats, rules, deal)
        code = answer["code"]
        self.code.value = code
        self.query = f"table={code}"
        link = self.store.page_link(f"table={code}")
        students = sum(seat == CLASSMATE for seat in seats)
        where = f" or open {link}" if link else ""
        self._say(f"Table {code} is set up for {students} classmates. Tell them its code, {code}: they open this "
                  f"page and type it{where}. Now type your name and take your seat.")

    async def _join(self, code: str, name: str) -> None:
        answer = await self._client().join(code, name)
        self._seated(answer)
        self.store.keep(NAME_KEY, name.strip())

    async def _rejoin(self, code: str, token: str) -> None:
        try:
            answer = await self._client().rejoin(code, token)
        except _network().TableRefused as err:
            self.store.forget(seat_key(code))
            self._say(f"{err} (Your seat at table {code} could not be taken back.)")
            return
        self._seated(answer)

    async def _watch(self, code: str) -> None:
        await self._client().watch(code)
        if self.frame is None:
            self._say("")

    def _seated(self, answer: dict[str, Any]) -> None:
        client = self.client
        self.store.keep(seat_key(client.code), answer["token"])
        if self.frame is None:  # an earlier refusal goes; a frame that came first says where the table stands
            self._say("")

    # --- frames from the server ----------------------------------------------------------------------------------
    def _framed(self, frame: Frame) -> None:
        """A frame of the table for this seat: note this seat's decision it holds, a finished deal, and draw."""
        previous = self.frame
        self.frame = frame
        if self.pending is not None and (previous is None or frame.get("events", 0) > previous.get("events", 0)):
            self.decisions.append(self.pending)
            self.pending = None
            self.steps = []
        self.steps = [*self.steps, *(frame.get("news") or [])][-40:]
        if frame.get("ended") is not None:
            self.ended, self.finished, self.decisions = frame["ended"], self.decisions, []
        self._show_table(frame.get("view") is not None)
        if frame.get("view") is None:
            self._say(f"Table {frame.get('code')}: {frame.get('status', '')} {self._who_sits(frame)}")
        self._redraw()

    def _refused(self, text: str) -> None:
        self.pending = None
        if self.frame is not None and self.frame.get("view") is not None:
            self._show_notice("refused", text)
        else:
            self._say(text, "refused")

    # --- drawing -------------------------------------------------------------------------------------------------
    def _me(self) -> int | None:
        return None if self.frame is None else self.frame.get("me")

    def _live_view(self) -> View | None:
        return None if self.frame is None else self.frame.get("view")

    def _coach(self) -> Coach:
        if self.coach is None:
            code = (self.frame or {}).get("code") or ""
            self.coach = Coach(seed=zlib.crc32(code.encode("ascii", "replace")))
        return self.coach

    def _status_text(self) -> str:
        return str((self.frame or {}).get("status") or "Set up a table, or join one with its code.")

    @staticmethod
    def _who_sits(frame: Frame) -> str:
        seats = []
        for seat in frame.get("seats") or []:
            who = (seat["name"] or "a free seat") if seat["kind"] == CLASSMATE else f"the computer ({seat['level']})"
            seats.append(f"{seat['seat'] + 1}: {who}")
        return "Seats — " + ", ".join(seats) + "." if seats else ""

    def _live_frame(self) -> tuple[View, dict[str, Any]]:
        """The table now, for this seat: a finished deal until Continue, else the live view."""
        frame = self.frame or {}
        me = self._me()
        view = self.ended if self.ended is not None else frame.get("view") or {}
        asked = self.ended is None and me is not None and view.get("to_move") == me and bool(view.get("legal"))
        finished = self.ended is not None
        controls = [control("hint", "Hint", asked), control("review", "Review", finished and me is not None),
                    control("continue", "Continue", finished)] if me is not None else []
        prompt = None if asked else ("This deal is over: Review judges your decisions in it, Continue shows the next "
                                     "one." if finished else self._status_text())
        ui = table_ui(view, "play", me, caption=caption(self.steps), steps=self.steps, prompt_text=prompt,
                      controls=controls, title=f"{self.title} — table {frame.get('code', '')}", interactive=asked,
                      highlight=self.highlight if asked else ())
        return view, ui

    def _redraw(self, notice: dict[str, Any] | None = None) -> None:
        if self._live_view() is None:
            return
        me = self._me()
        if self._review is not None and me is not None:
            view, ui = review_frame(self._review, me, None, self.title)
            self._draw(view, {**ui, "me": me, "notice": notice})
            return
        view, ui = self._live_frame()
        layout = table_layout(view, me)
        self._mark_seats(layout)
        self._draw(view, {**ui, "notice": notice}, layout)

    def _mark_seats(self, layout: dict[str, Any]) -> None:
        """Name on the felt a seat the computer plays for an absent classmate, and a classmate away."""
        seats = {seat["seat"]: seat for seat in (self.frame or {}).get("seats") or []}
        for drawn in layout.get("seats", []):
            seat = seats.get(drawn.get("seat"))
            if seat is None or seat["kind"] != CLASSMATE:
                continue
            if seat["stand_in"]:
                drawn["badges"] = [*drawn.get("badges", []), {"text": "away: the computer plays", "kind": "away"}]
            elif not seat["present"]:
                drawn["badges"] = [*drawn.get("badges", []), {"text": "away", "kind": "away"}]

