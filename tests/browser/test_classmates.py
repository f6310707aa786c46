"""Classmates at their own screens, in Chromium: Annabel sets a table up in the classmates lesson and takes a seat; the
others open the link, each in a browser of their own (no shared storage), type their name quickly and sit from the
keyboard; they play a whole deal by clicks, each at their own table, the computer in its seats — Czech Bulka for two
students, Trappola for four (two students, two computers), Bouillotte for five (three students, two computers). The
second student reloads mid-deal and is back at his seat with his cards. A teacher watches from another browser. No
websocket frame to any page names a card its seat (or the spectator) had not been shown by then."""
from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from bulka_teach.bots.turns import bot_seed, computers_play
from bulka_teach.dealing import DealCode
from bulka_teach.game import Game
from bulka_teach.registry import game_spec
from bulka_teach.table.present import presenter

from .practice_page import render_count
from .voila_server import WIDGET_TIMEOUT_MS, Server, open_lesson
from .ws_frames import card_pattern, cards_in, decode, widget_states

pytestmark = pytest.mark.browser

SHARED = ".bt-classmates"
TABLE = f"{SHARED} .bt-table[data-mode='play']"
RELOAD_AT = 4  # the second student reloads the page after this many moves
MAX_MOVES = 150


@dataclass(frozen=True)
class Setup:
    """A shared table to play: the lesson, the deal, each seat's student (a name) or computer (a level)."""

    lesson: str
    title: str
    deal: str
    seats: tuple[str, ...]  # a student's name, or "computer:<level>"

    @property
    def students(self) -> list[str]:
        return [seat for seat in self.seats if not seat.startswith("computer:")]

    def players(self) -> tuple[str, ...]:
        """The names the server gives the seats (the computer's: "Computer", or "Computer 1", "Computer 2")."""
        computers = [n for n, seat in enumerate(self.seats) if seat.startswith("computer:")]
        names = {n: "Computer" if len(computers) == 1 else f"Computer {k}" for k, n in enumerate(computers, 1)}
        return tuple(names.get(n, seat) for n, seat in enumerate(self.seats))


SETUPS = [
    Setup("czech-bulka/11-classmates.ipynb", "Czech Bulka", "CB2-std-7", ("Annabel", "Benedikt")),
    Setup("trappola/10-classmates.ipynb", "Trappola", "TR4-std-7", ("Annabel", "Benedikt", "computer:rule",
                                                                    "computer:rule")),
    Setup("bouillotte/10-classmates.ipynb", "Bouillotte", "BO5-std-7",
          ("Annabel", "Benedikt", "Cleopatra", "computer:rule", "computer:easy")),
]


@dataclass
class Screen:
    """One person's browser: the page, the seat (None: a spectator) and every websocket frame with the number of
    moves made when it arrived."""

    page: Page
    seat: int | None
    frames: list[tuple[int, bytes | str]] = field(default_factory=list)


@dataclass
class Played:
    setup: Setup
    mirror: Game
    screens: dict[str, Screen]
    known: list[dict[int | None, set[str]]]  # what each seat and a spectator had been shown after k moves
    code: str
    reloaded_hand: list[str]
    errors: list[str]
    reload_seconds: float  # from the reload until the seat's cards are drawn again (printed, never asserted)


def new_screen(browser: Browser, contexts: list[BrowserContext], moves: list[str], errors: list[str],
               seat: int | None) -> Screen:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WIDGET_TIMEOUT_MS)
    contexts.append(context)
    page = context.new_page()
    screen = Screen(page, seat)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("websocket", lambda ws: ws.on("framereceived",
                                          lambda frame: screen.frames.append((len(moves), frame))))
    return screen


def shared_table(page: Page) -> Locator:
    return page.locator(TABLE).first


def status(page: Page) -> str:
    return page.locator(f"{SHARED} .bt-classmates-status").inner_text()


def take_seat(page: Page, name: str) -> None:
    """Type the name as a quick typist does and press Take a seat from the keyboard (Tab, Enter): the whole name
    must reach the table."""
    form = page.locator(SHARED)
    form.locator(".bt-classmates-name input").focus()
    page.keyboard.type(name)
    page.keyboard.press("Tab")
    expect(form.get_by_role("button", name="Take a seat")).to_be_focused()
    page.keyboard.press("Enter")


def hand(table: Locator) -> list[str]:
    return table.locator(".bt-hand .bt-card[data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


def asked(table: Locator) -> Locator:
    return table.locator(".bt-card.bt-legal[data-card], .bt-action").first


def move_of(mirror: Game, seat: int, target: Locator) -> str:
    """The action a click on ``target`` sends, as the engine names it."""
    card = target.get_attribute("data-card")
    if card is None:
        return target.get_attribute("data-action") or ""
    verb, _ = presenter(mirror.view(seat)).card_clicks(mirror.view(seat))
    return f"{verb or 'play'} {card}"


@pytest.fixture(scope="module", params=SETUPS, ids=[setup.title for setup in SETUPS])
def played(request: pytest.FixtureRequest, browser: Browser, voila: Server) -> Iterator[Played]:
    setup: Setup = request.param
    contexts: list[BrowserContext] = []
    moves: list[str] = []
    errors: list[str] = []
    try:
        yield play(setup, browser, voila, contexts, moves, errors)
    finally:
        for context in contexts:
            context.close()


def set_up(page: Page, setup: Setup) -> str:
    """Set the table up in the lesson's form; returns its code."""
    form = page.locator(SHARED)
    form.get_by_text(f"Set up a table of {setup.title}").click()
    menus = form.locator(".bt-classmates-form select")
    menus.first.select_option(label=str(len(setup.seats)))
    opponents = game_spec(DealCode.parse(setup.deal).game).ai.opponents
    for n, seat in enumerate(setup.seats):
        if seat.startswith("computer:"):
            menus.nth(n + 1).select_option(label=f"the computer: {opponents[seat.split(':')[1]]}")
    form.get_by_placeholder("a code from a table").fill(setup.deal)
    form.get_by_role("button", name="Set up the table").click()
    expect(form.locator(".bt-classmates-status")).to_contain_text(f"is set up for {len(setup.students)} classmates")
    text = status(page)
    code = re.search(r"Table ([A-Z]{5}) is set up", text).group(1)  # type: ignore[union-attr]
    assert f"?table={code}" in text, text
    return code


def play(setup: Setup, browser: Browser, voila: Server, contexts: list[BrowserContext], moves: list[str],
         errors: list[str]) -> Played:
    first, *others = setup.students
    screens: dict[str, Screen] = {first: new_screen(browser, contexts, moves, errors, 0)}
    page = screens[first].page
    open_lesson(page, voila, setup.lesson)
    code = set_up(page, setup)
    take_seat(page, first)
    expect(page.locator(f"{SHARED} .bt-classmates-status")).to_contain_text("Waiting for")
    for name in others:
        screen = screens[name] = new_screen(browser, contexts, moves, errors, setup.seats.index(name))
        open_lesson(screen.page, voila, setup.lesson, f"?table={code}")
        expect(screen.page.locator(f"{SHARED} .bt-classmates-code input")).to_have_value(code)
        take_seat(screen.page, name)

    mirror = DealCode.parse(setup.deal).record(setup.players()).start()
    ai = game_spec(mirror.setup.game).ai
    levels = {n: seat.split(":")[1] for n, seat in enumerate(setup.seats) if seat.startswith("computer:")}
    people = [n for n in range(len(setup.seats)) if n not in levels]

    def computers() -> None:  # as the server's table plays its computer seats, on into the next deal
        while not mirror.over and mirror.to_move in levels:
            computers_play(mirror, people, lambda n: ai.opponent(levels[n], bot_seed(mirror)))

    computers()
    known = [knowledge(mirror)]
    by_seat = {screen.seat: screen for screen in screens.values()}
    for name, screen in screens.items():  # each sits under the whole name typed
        expect(shared_table(screen.page).locator(".bt-name:has(.bt-you)")).to_have_text(f"{name} (you)")
    teacher = new_screen(browser, contexts, moves, errors, None)
    open_lesson(teacher.page, voila, setup.lesson, f"?table={code}")
    teacher.page.locator(SHARED).get_by_role("button", name="Watch the table").click()
    expect(shared_table(teacher.page)).to_be_visible()
    reloaded_hand: list[str] = []
    reload_seconds = 0.0
    while not mirror.deals[0].over:
        assert len(moves) < MAX_MOVES, f"the deal did not end after {MAX_MOVES} moves"
        seat = mirror.to_move
        assert seat in by_seat, f"seat {seat} is asked, and nobody sits there"
        screen = by_seat[seat]
        table = shared_table(screen.page)
        target = asked(table)
        target.wait_for(state="visible")
        action = move_of(mirror, seat, target)
        moves.append(action)
        before = render_count(table)
        target.click()
        screen.page.wait_for_function(
            "([s, n]) => Number(document.querySelector(s).dataset.render) > n", arg=[TABLE, before])
        mirror.apply(action, seat)
        computers()
        known.append(knowledge(mirror, known[-1]))
        if len(moves) == RELOAD_AT:
            ben = screens[setup.students[1]].page
            started = time.monotonic()
            ben.reload(wait_until="domcontentloaded")
            ben.wait_for_selector("#loading", state="detached", timeout=WIDGET_TIMEOUT_MS)
            expect(shared_table(ben).locator(".bt-hand .bt-card[data-card]").first).to_be_visible()
            reloaded_hand = hand(shared_table(ben))
            reload_seconds = time.monotonic() - started
    for screen in screens.values():
        expect(shared_table(screen.page).locator(".bt-outcome")).to_be_visible()
    return Played(setup, mirror, {**screens, "teacher": teacher}, known, code, reloaded_hand, errors,
                  reload_seconds)


def knowledge(game: Game, before: dict[int | None, set[str]] | None = None) -> dict[int | None, set[str]]:
    """What each seat and a spectator have been shown so far (adding to ``before``): their view now, their view at
    the end of each finished deal, and their words for every event."""
    found: dict[int | None, set[str]] = {}
    pattern = card_pattern(game.pack)
    ended = [game.deal_end(k) for k, deal in enumerate(game.deals) if deal.over]
    for seat in (None, *range(game.n)):
        found[seat] = set((before or {}).get(seat, set())) | cards_in(game.view(seat), pattern) | {
            card for end in ended for card in cards_in(game.view_at(seat, end), pattern)} | {
            card for event in game.events for card in cards_in(game.explain(event, seat), pattern)}
    return found


def test_two_classmates_play_a_whole_deal_each_at_their_own_table(played: Played) -> None:
    assert played.mirror.deals[0].over and not played.errors, played.errors
    ann = shared_table(played.screens[played.setup.students[0]].page)
    assert played.mirror.deals[0].over
    assert ann.locator(".bt-control[data-name='review']").is_enabled()
    ann.locator(".bt-control[data-name='review']").click()
    expect(ann.locator(".bt-review")).to_be_visible()


def test_a_reload_mid_deal_brings_ben_back_to_his_seat_with_his_cards(played: Played) -> None:
    replay = DealCode.parse(played.setup.deal).record(played.setup.players()).start()
    game = played.mirror
    for action in game.record().actions[:RELOAD_AT]:
        replay.apply(action)
    print(f"{played.setup.title}: reloaded, back at the seat in {played.reload_seconds:.1f} s")
    assert played.reloaded_hand and sorted(played.reloaded_hand) == sorted(replay.view(1)["deal"]["hand"])


def test_the_spectator_sees_no_hand(played: Played) -> None:
    table = shared_table(played.screens["teacher"].page)
    shown = set(table.locator("[data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"))
    assert shown <= played.known[-1][None]
    assert table.locator(".bt-control").count() == 0


def test_no_frame_to_any_page_names_a_card_its_seat_had_not_been_shown(played: Played) -> None:
    pattern = card_pattern(played.mirror.pack)
    for name, screen in played.screens.items():
        tables: set[str] = set()
        checked = 0
        for moves, frame in screen.frames:
            for model_id, state in widget_states(decode(frame)):
                if not isinstance(state, dict):
                    continue
                ui = state.get("ui")
                if isinstance(ui, dict) and "with classmates" in str(ui.get("title", "")):
                    tables.add(str(model_id))
                if str(model_id) not in tables:
                    continue
                leaked = cards_in(state, pattern) - played.known[min(moves, len(played.known) - 1)][screen.seat]
                assert not leaked, f"{name}'s page got {sorted(leaked)} after {moves} moves"
                checked += 1
        assert checked >= 3, f"{name}'s shared table sent {checked} frames"
